import { successEnvelope } from '@titans/shared/envelope';
import { createInvoiceBodySchema, invoiceSchema, purchaseStateSchema } from '@titans/shared/stars/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { orThrow, success } from '../http/reply.ts';
import { idParams, successConfig } from './stars-package-routes.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';

/** A Telegram Stars order: the server-made invoice (S1) and the purchase as the server records it. */
export function starsInvoiceRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
  };
}
