import { codeEnvelope } from '@titans/shared/envelope';
import { transactionsSchema } from '@titans/shared/stars/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok } from '../http/reply.ts';
import type { StarsRoutesDeps } from './stars-routes.ts';

/** Transaction History (the `{code, data}` envelope as listed, D-STARS-1, D-STARS-6). */
export function starsHistoryRoutes({ stars }: StarsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
