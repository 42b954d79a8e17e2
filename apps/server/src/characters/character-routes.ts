import {
  characterIdParamsSchema,
  characterListQuerySchema,
  characterListSchema,
  characterSchema,
} from '@titans/shared/characters/schemas';
import { codeEnvelope } from '@titans/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../auth/auth-hooks.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { CharacterService } from './character-service.ts';

/** GET /characters (page or race filter) and GET /character/{id}. */
export function characterRoutes({ characters }: { characters: CharacterService }): FastifyPluginAsyncZod {
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
        const callerId = callerOf(request).user?.id ?? null;
        return ok(await characters.list(request.query, callerId), 'Characters found');
      },
    );

    app.get(
      '/character/:id',
      { schema: { params: characterIdParamsSchema, response: { 200: codeEnvelope(characterSchema) } } },
      async (request) => {
        const callerId = callerOf(request).user?.id ?? null;
        return ok(orThrow(await characters.find(request.params.id, callerId)), 'Character found');
      },
    );
  };
}
