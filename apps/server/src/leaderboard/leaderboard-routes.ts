import { codeEnvelope } from '@titans/shared/envelope';
import { leaderboardListSchema, leaderboardMeSchema } from '@titans/shared/leaderboard/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok } from '../http/reply.ts';
import type { LeaderboardService } from './leaderboard-service.ts';

/** GET /leaderboard (spec-a §7: response code, data list) and GET /leaderboard/me (the pinned row). */
export function leaderboardRoutes({
  leaderboard,
}: {
  leaderboard: LeaderboardService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/leaderboard',
      { schema: { response: { 200: codeEnvelope(leaderboardListSchema) } } },
      async () => ok(leaderboard.list(), 'Leaderboard found'),
    );

    app.get(
      '/leaderboard/me',
      { schema: { response: { 200: codeEnvelope(leaderboardMeSchema) } } },
      async (request) => ok(await leaderboard.me(requireUser(request)), 'Leaderboard rank found'),
    );
  };
}
