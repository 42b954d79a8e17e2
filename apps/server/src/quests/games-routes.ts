import { codeEnvelope } from '@titans/shared/envelope';
import { gamesPageSchema, gamesQuerySchema } from '@titans/shared/quests/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { GamesFeed } from './games-feed.ts';

/** The third-party games feed, cached and bounded (decisions: D-QUEST-5). */
export function gamesRoutes({ games }: { games: GamesFeed }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games',
      { schema: { querystring: gamesQuerySchema, response: { 200: codeEnvelope(gamesPageSchema) } } },
      async (request) => {
        requireUser(request);
        const page = request.query.page;
        const list = orThrow(await games.page(page));
        return ok({ page, games: list, configured: games.configured }, 'Games found');
      },
    );
  };
}
