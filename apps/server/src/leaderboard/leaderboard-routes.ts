import { codeEnvelope } from '@titans/shared/envelope';
import { leaderboardListSchema, leaderboardMeSchema } from '@titans/shared/leaderboard/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok } from '../http/reply.ts';
import type { LeaderboardService } from './leaderboard-service.ts';

/** GET /leaderboard (response code, data list) and GET /leaderboard/me (the pinned row). */
export function leaderboardRoutes({
  leaderboard,
}: {
  leaderboard: LeaderboardService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The list is the same for every caller until the next snapshot: its JSON is built once
    // per snapshot and sent as is (a string payload skips the serializer).
    app.get(
      '/leaderboard',
      { schema: { response: { 200: codeEnvelope(leaderboardListSchema) } } },
      async (_request, reply) =>
        // The string is the schema's envelope already; the type provider only knows objects.
        reply.type('application/json; charset=utf-8').send(leaderboard.listEnvelopeJson() as never),
    );

    app.get(
      '/leaderboard/me',
      { schema: { response: { 200: codeEnvelope(leaderboardMeSchema) } } },
      async (request) => ok(await leaderboard.me(requireUser(request).id), 'Leaderboard rank found'),
    );
  };
}
