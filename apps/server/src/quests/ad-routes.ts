import { codeEnvelope } from '@titans/shared/envelope';
import {
  adStatusSchema,
  adsgramRewardQuerySchema,
  adViewParamsSchema,
  adViewSchema,
  startAdViewBodySchema,
} from '@titans/shared/quests/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { UserService } from '../users/user-service.ts';
import type { AdService } from './ad-service.ts';

/** Play & Earn and a defeat's video recovery: views started by the player, credited only on Adsgram's Reward URL callback. */
export function adRoutes({ ads, users }: { ads: AdService; users: UserService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ads/status', { schema: { response: { 200: codeEnvelope(adStatusSchema) } } }, async (request) =>
      ok(await ads.status(requireUser(request).id), 'Play & Earn'),
    );

    // No body: a Play & Earn view; `{purpose: 'battle-recovery', battle_id}`: a defeat's video recovery.
    app.post(
      '/ads/views',
      { schema: { body: startAdViewBodySchema.nullish(), response: { 200: codeEnvelope(adViewSchema) } } },
      async (request) =>
        ok(orThrow(await ads.start(requireUser(request).id, request.body ?? undefined)), 'Ad view started'),
    );

    app.get(
      '/ads/views/:id',
      { schema: { params: adViewParamsSchema, response: { 200: codeEnvelope(adViewSchema) } } },
      async (request) => ok(orThrow(await ads.view(requireUser(request).id, request.params.id)), 'Ad view'),
    );

    // Adsgram's Reward URL (docs.adsgram.ai "Reward URL"): a GET with the player's Telegram id in
    // place of [userId]; the secret we put in the URL proves it is ours. No Telegram init data.
    app.get(
      '/ads/adsgram/reward',
      {
        schema: {
          querystring: adsgramRewardQuerySchema,
          response: {
            200: codeEnvelope(z.object({ credited: z.boolean(), view_id: z.string().nullable() })),
          },
        },
        config: { auth: 'none' },
      },
      async (request) => {
        if (!ads.verifyCallback(request.query.secret)) throw new ApiError('ads/forbidden');
        const user = await users.findByTelegramId(request.query.userid);
        if (!user) throw new ApiError('user/not-found');
        const result = orThrow(await ads.rewardCallback(user.id));
        return ok(result, result.credited ? 'Reward credited' : 'Nothing to credit');
      },
    );
  };
}
