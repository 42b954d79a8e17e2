import { successEnvelope } from '@titans/shared/envelope';
import {
  claimedRewardSchema,
  claimRewardBodySchema,
  dailyRewardSchema,
  dailyRewardsViewSchema,
  rewardParamsSchema,
} from '@titans/shared/quests/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { orThrow, success } from '../http/reply.ts';
import type { DailyRewardService } from './daily-reward-service.ts';

/** Daily rewards: the streak and one claim per UTC day (rule Q5). */
export function dailyRewardRoutes({ daily }: { daily: DailyRewardService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/daily-rewards',
      {
        schema: { response: { 200: successEnvelope(dailyRewardsViewSchema) } },
        config: { envelope: 'success' },
      },
      async (request) => success(await daily.view(requireUser(request).id), 'Daily rewards found'),
    );

    app.get(
      '/reward/:id',
      {
        schema: { params: rewardParamsSchema, response: { 200: successEnvelope(dailyRewardSchema) } },
        config: { envelope: 'success' },
      },
      async (request) => {
        requireUser(request);
        return success(orThrow(await daily.reward(request.params.id)), 'Reward found');
      },
    );

    app.post(
      '/reward/claim/:id',
      {
        schema: {
          params: rewardParamsSchema,
          body: claimRewardBodySchema,
          response: { 200: successEnvelope(claimedRewardSchema) },
        },
        config: { envelope: 'success' },
      },
      async (request) =>
        success(orThrow(await daily.claim(requireUser(request).id, request.params.id)), 'Reward claimed'),
    );
  };
}
