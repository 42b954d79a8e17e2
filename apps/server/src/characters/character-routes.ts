import {
  characterIdParamsSchema,
  characterListQuerySchema,
  characterListSchema,
  characterSchema,
} from '@titans/shared/characters/schemas';
import { codeEnvelope } from '@titans/shared/envelope';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database.ts';
import { characters } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { characterView } from './character-view.ts';

/** GET /characters (page or race filter) and GET /character/{id} (spec-a §7). */
export function characterRoutes({ database }: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/characters',
      {
        schema: {
          querystring: characterListQuerySchema,
          response: { 200: codeEnvelope(characterListSchema) },
        },
      },
      async (request) => {
        const { limit, skip, race, is_free } = request.query;
        const filters: SQL[] = [eq(characters.isActive, true)];
        if (race) filters.push(eq(characters.race, race));
        if (is_free) filters.push(eq(characters.isFree, is_free === 'true'));
        const where = and(...filters);
        const [rows, [total]] = await Promise.all([
          database.db
            .select()
            .from(characters)
            .where(where)
            .orderBy(asc(characters.sortOrder), asc(characters.id))
            .limit(limit)
            .offset(skip),
          database.db.select({ value: count() }).from(characters).where(where),
        ]);
        return {
          code: 200,
          data: { characters: rows.map(characterView), total: total?.value ?? 0, limit, skip },
          message: 'Characters found',
        };
      },
    );

    app.get(
      '/character/:id',
      {
        schema: {
          params: characterIdParamsSchema,
          response: { 200: codeEnvelope(characterSchema) },
        },
      },
      async (request) => {
        const [row] = await database.db
          .select()
          .from(characters)
          .where(eq(characters.id, request.params.id))
          .limit(1);
        if (!row) throw new ApiError('character/not-found');
        return { code: 200, data: characterView(row), message: 'Character found' };
      },
    );
  };
}
