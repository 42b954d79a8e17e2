import { successEnvelope } from '@titans/shared/envelope';
import { diamondPackageSchema, paymentMethodsSchema } from '@titans/shared/stars/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orThrow, success } from '../http/reply.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';

export const idParams = z.strictObject({ id: z.string().min(1).max(100) });
export const successConfig = { envelope: 'success' as const };

/** The packages on sale and how this server can sell them (D-STARS-14). */
export function starsPackageRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
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

    app.get(
      '/diamonds/payment-methods',
      { config: successConfig, schema: { response: { 200: successEnvelope(paymentMethodsSchema) } } },
      async () => success(stars.paymentMethods(), 'Payment methods'),
    );
  };
}
