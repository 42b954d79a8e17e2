import { successEnvelope } from '@titans/shared/envelope';
import {
  cryptoPurchaseBodySchema,
  cryptoPurchaseResultSchema,
  tonOrderBodySchema,
  tonOrderCheckSchema,
  tonOrderSchema,
} from '@titans/shared/stars/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { orThrow, success } from '../http/reply.ts';
import { idParams, successConfig } from './stars-package-routes.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';

/** Paying with TON: an order, its check after a TON Connect send, and the spec's hash call (S6, S7). */
export function starsTonRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
  };
}
