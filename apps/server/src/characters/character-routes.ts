import {
  characterIdParamsSchema,
  characterListQuerySchema,
  characterListSchema,
  characterSchema,
} from '@titans/shared/characters/schemas';
import { codeEnvelope } from '@titans/shared/envelope';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { characters, userCharacters } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { characterView } from './character-view.ts';

/** Which of `characterIds` the caller owns (none without an account yet). */
async function ownedCharacterIds(
  database: Database,
  userId: string | null,
  characterIds: string[],
): Promise<Set<string>> {
  if (!userId || characterIds.length === 0) return new Set();
  const rows = await database.db
    .select({ id: userCharacters.characterId })
    .from(userCharacters)
    .where(and(eq(userCharacters.userId, userId), inArray(userCharacters.characterId, characterIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * GET /characters (page or race filter) and GET /character/{id} (spec-a §7), each character with
 * `isOwned` for the caller (spec-b §3 Character).
 */
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
        const owned = await ownedCharacterIds(
          database,
          callerOf(request).user?.id ?? null,
          rows.map((row) => row.id),
        );
        return {
          code: 200,
          data: {
            characters: rows.map((row) => characterView(row, owned.has(row.id))),
            total: total?.value ?? 0,
            limit,
            skip,
          },
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
        const owned = await ownedCharacterIds(database, callerOf(request).user?.id ?? null, [row.id]);
        return { code: 200, data: characterView(row, owned.has(row.id)), message: 'Character found' };
      },
    );
  };
}
