import { codeEnvelope } from '@titans/shared/envelope';
import { inventoryQuerySchema, inventorySchema } from '@titans/shared/inventory/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { ok } from '../http/reply.ts';
import { loadInventory } from './inventory-service.ts';

/** GET /users/{id}/inventory (spec-a §7). */
export function inventoryRoutes({ database }: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/inventory',
      {
        config: { userParam: 'id' },
        schema: {
          params: userIdParamsSchema,
          querystring: inventoryQuerySchema,
          response: { 200: codeEnvelope(inventorySchema) },
        },
      },
      async (request) => {
        const items = await loadInventory(database, requireUser(request).id, {
          itemType: request.query.item_type,
          onlyItems: request.query.only_items === 'true',
          onlyCharacters: request.query.only_characters === 'true',
        });
        return ok({ items, total: items.length }, 'Inventory found');
      },
    );
  };
}
