import { boostsViewSchema, buyUpgradeBodySchema } from '@titans/shared/boosts/schemas';
import { codeEnvelope } from '@titans/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { BoostService } from './boost-service.ts';

/** GET /boosts, POST /boosts/upgrade, POST /boosts/refill. */
export function boostRoutes({ boosts }: { boosts: BoostService }): FastifyPluginAsyncZod {
  return async (app) => {
    const response = { 200: codeEnvelope(boostsViewSchema) };

    app.get('/boosts', { schema: { response } }, async (request) =>
      ok(orThrow(await boosts.view(requireUser(request).id)), 'Boosts found'),
    );

    app.post('/boosts/upgrade', { schema: { body: buyUpgradeBodySchema, response } }, async (request) => {
      const userId = requireUser(request).id;
      const { kind, level } = request.body;
      const view = await boosts.buyUpgrade(userId, kind, {
        expectedLevel: level,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return ok(orThrow(view), `${boosts.title(kind)} upgraded`);
    });

    app.post('/boosts/refill', { schema: { response } }, async (request) => {
      const userId = requireUser(request).id;
      const view = await boosts.refill(userId, { idempotencyKey: idempotencyKeyOf(request) });
      return ok(orThrow(view), 'Energy refilled');
    });
  };
}
