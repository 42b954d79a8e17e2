import { codeEnvelope, successEnvelope } from '@titans/shared/envelope';
import {
  createInvoiceBodySchema,
  cryptoPurchaseBodySchema,
  cryptoPurchaseResultSchema,
  diamondPackageSchema,
  invoiceSchema,
  purchaseConfirmBodySchema,
  purchaseStateSchema,
  starsConfirmBodySchema,
  starsPurchaseBodySchema,
  tonOrderBodySchema,
  tonOrderCheckSchema,
  tonOrderSchema,
  transactionsSchema,
} from '@titans/shared/stars/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow, success } from '../http/reply.ts';
import type { StarsService } from './stars-service.ts';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });

/**
 * spec-a §7 "Stars and diamonds". None of these credits anything on the client's word: Stars are
 * credited by Telegram's successful_payment (the bot), TON by the chain (S3, S7).
 */
export function starsRoutes({ stars }: { stars: StarsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const successConfig = { envelope: 'success' as const };

    app.get(
      '/diamonds/packages',
      {
        config: successConfig,
        schema: { response: { 200: successEnvelope(z.array(diamondPackageSchema)) } },
      },
      async () => success(await stars.packages(), 'Diamond packages found'),
    );

    app.get(
      '/diamond/packages/:id',
      {
        config: successConfig,
        schema: { params: idParams, response: { 200: successEnvelope(diamondPackageSchema) } },
      },
      async (request) => success(orThrow(await stars.package(request.params.id)), 'Diamond package found'),
    );

    app.post(
      '/diamonds/create-invoice',
      {
        config: successConfig,
        schema: { body: createInvoiceBodySchema, response: { 200: successEnvelope(invoiceSchema) } },
      },
      async (request) => {
        const invoice = orThrow(
          await stars.createInvoice(requireUser(request), {
            packageId: request.body.package_id,
            starsAmount: request.body.stars_amount,
          }),
        );
        return success(invoice, 'Invoice created');
      },
    );

    app.get(
      '/diamonds/purchases/:id',
      {
        config: successConfig,
        schema: { params: idParams, response: { 200: successEnvelope(purchaseStateSchema) } },
      },
      async (request) =>
        success(orThrow(await stars.purchase(requireUser(request).id, request.params.id)), 'Purchase found'),
    );

    // The original client's "initiate" call after a paid invoice: it names an order the server created.
    app.post(
      '/diamond/telegram-stars-purchase',
      {
        config: successConfig,
        schema: { body: starsPurchaseBodySchema, response: { 200: successEnvelope(purchaseStateSchema) } },
      },
      async (request) => {
        const { telegramOrderId, packageId } = request.body;
        const purchase = orThrow(
          await stars.purchaseByOrder(requireUser(request).id, telegramOrderId, packageId),
        );
        return success(purchase, 'Purchase found');
      },
    );

    const CONFIRM_MESSAGES = {
      paid: 'Purchase confirmed',
      // S10: Telegram's payment did not match the invoice; support refunds it (/paysupport).
      anomaly:
        'The payment did not match this order, so nothing was credited: send /paysupport to the bot for a refund',
      refunded: 'Purchase was refunded',
    } as const;
    const confirmed = async (userId: string, purchaseId: string) => {
      const purchase = orThrow(await stars.purchase(userId, purchaseId));
      // The client's success flag is not evidence of payment; only the recorded state counts.
      if (purchase.status === 'pending') throw new ApiError('stars/payment-pending', undefined, purchase);
      return success(purchase, CONFIRM_MESSAGES[purchase.status]);
    };

    app.post(
      '/diamond/telegram-stars-confirm',
      {
        config: successConfig,
        schema: { body: starsConfirmBodySchema, response: { 200: successEnvelope(purchaseStateSchema) } },
      },
      async (request) => confirmed(requireUser(request).id, request.body.purchaseId),
    );

    app.post(
      '/diamonds/purchases/:id/confirm',
      {
        config: successConfig,
        schema: {
          params: idParams,
          body: purchaseConfirmBodySchema,
          response: { 200: successEnvelope(purchaseStateSchema) },
        },
      },
      async (request) => confirmed(requireUser(request).id, request.params.id),
    );

    app.post(
      '/diamonds/ton-order',
      {
        config: successConfig,
        schema: { body: tonOrderBodySchema, response: { 200: successEnvelope(tonOrderSchema) } },
      },
      async (request) =>
        success(
          orThrow(await stars.tonOrder(requireUser(request), request.body.package_id)),
          'TON order created',
        ),
    );

    app.post(
      '/diamonds/ton-order/:id/check',
      {
        config: successConfig,
        schema: { params: idParams, response: { 200: successEnvelope(tonOrderCheckSchema) } },
      },
      async (request) => {
        const check = orThrow(await stars.checkTonOrder(requireUser(request), request.params.id));
        return success(check, check.status === 'paid' ? 'Payment received' : 'Waiting for the TON network');
      },
    );

    app.post(
      '/diamond/purchase',
      {
        config: successConfig,
        schema: {
          body: cryptoPurchaseBodySchema,
          response: { 200: successEnvelope(cryptoPurchaseResultSchema) },
        },
      },
      async (request) => {
        const result = orThrow(
          await stars.cryptoPurchase(requireUser(request), {
            packageId: request.body.packageId,
            transactionHash: request.body.transactionHash,
          }),
        );
        return success(result, `${result.diamonds_credited} Stars added to your balance`);
      },
    );

    app.get(
      '/user/:id/transactions',
      {
        config: { userParam: 'id' },
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(transactionsSchema) } },
      },
      async (request) =>
        ok({ transactions: await stars.transactions(requireUser(request).id) }, 'Transactions found'),
    );
  };
}
