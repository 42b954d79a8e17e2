import { codeEnvelope } from '@titans/shared/envelope';
import {
  appConfigSchema,
  referralListSchema,
  upgradeReferralBodySchema,
  upgradeReferralResultSchema,
} from '@titans/shared/referrals/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { ReferralService } from './referral-service.ts';

export interface ReferralRoutesDeps {
  referrals: ReferralService;
  botUsername: string | undefined;
  miniAppName: string | undefined;
}

/** GET /user/{id}/referrals, POST /user/{id}/upgrade-referral and GET /config. */
export function referralRoutes({
  referrals,
  botUsername,
  miniAppName,
}: ReferralRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/:id/referrals',
      {
        config: { userParam: 'id' },
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(referralListSchema) } },
      },
      async (request) => ok(await referrals.list(requireUser(request).id), 'Referrals found'),
    );

    app.post(
      '/user/:id/upgrade-referral',
      {
        config: { userParam: 'id' },
        schema: {
          params: userIdParamsSchema,
          body: upgradeReferralBodySchema,
          response: { 200: codeEnvelope(upgradeReferralResultSchema) },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const result = orThrow(
          await referrals.upgrade(userId, { idempotencyKey: idempotencyKeyOf(request) }),
        );
        // The default success message.
        return ok(result, 'Referral bonus upgraded successfully to 5000 coins per referral');
      },
    );

    // Public: the bot and Mini App names that referral links are built from (t.me/<bot>/<app>).
    app.get(
      '/config',
      { config: { auth: 'none' }, schema: { response: { 200: codeEnvelope(appConfigSchema) } } },
      async () =>
        ok({ bot_username: botUsername ?? null, mini_app_name: miniAppName ?? null }, 'Configuration'),
    );
  };
}
