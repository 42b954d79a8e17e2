import { successEnvelope } from '@titans/shared/envelope';
import { purchaseStateSchema } from '@titans/shared/stars/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { orThrow, success } from '../http/reply.ts';
import { idParams, successConfig } from './stars-package-routes.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';

/**
 * Development mode without a bot only (D-STARS-14; stars-routes.ts registers it then and never
 * with a bot token): pays a Stars order from create-invoice as Telegram's payment would,
 * through pre-checkout and successful_payment's credit. No real Stars are charged.
 */
export function starsDevRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/diamonds/purchases/:id/pay',
      {
        config: successConfig,
        schema: { params: idParams, response: { 200: successEnvelope(purchaseStateSchema) } },
      },
      async (request) => {
        const paid = orThrow(await stars.payDevelopmentInvoice(requireUser(request), request.params.id));
        const message = paid.outcome === 'credited' ? 'Development payment credited' : 'Already paid';
        return success(paid.purchase, message);
      },
    );
  };
}
