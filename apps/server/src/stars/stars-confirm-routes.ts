import { successEnvelope } from '@titans/shared/envelope';
import {
  purchaseConfirmBodySchema,
  purchaseStateSchema,
  starsConfirmBodySchema,
  starsPurchaseBodySchema,
} from '@titans/shared/stars/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { orThrow, success } from '../http/reply.ts';
import { idParams, successConfig } from './stars-package-routes.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';
import type { StarsService } from './stars-service.ts';

const CONFIRM_MESSAGES = {
  paid: 'Purchase confirmed',
  // S10: Telegram's payment did not match the invoice; support refunds it (/paysupport).
  anomaly:
    'The payment did not match this order, so nothing was credited: send /paysupport to the bot for a refund',
  refunded: 'Purchase was refunded',
} as const;

/** The purchase as recorded; the client's success flag is not evidence of payment (D-STARS-3). */
async function confirmed(stars: StarsService, userId: string, purchaseId: string) {
  const purchase = orThrow(await stars.purchase(userId, purchaseId));
  if (purchase.status === 'pending') throw new ApiError('stars/payment-pending', undefined, purchase);
  return success(purchase, CONFIRM_MESSAGES[purchase.status]);
}

/**
 * The original client's calls after a paid invoice, served for the contract: they
 * report the purchase the server recorded and credit nothing (D-STARS-3).
 */
export function starsConfirmRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
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

    app.post(
      '/diamond/telegram-stars-confirm',
      {
        config: successConfig,
        schema: { body: starsConfirmBodySchema, response: { 200: successEnvelope(purchaseStateSchema) } },
      },
      async (request) => confirmed(stars, requireUser(request).id, request.body.purchaseId),
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
      async (request) => confirmed(stars, requireUser(request).id, request.params.id),
    );
  };
}
