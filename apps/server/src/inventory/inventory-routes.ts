import { codeEnvelope } from '@titans/shared/envelope';
import { inventoryQuerySchema, inventorySchema } from '@titans/shared/inventory/schemas';
import { userIdParamsSchema } from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import { ok } from '../http/reply.ts';
import type { InventoryService } from './inventory-service.ts';

/** GET /users/{id}/inventory. */
export function inventoryRoutes({ inventory }: { inventory: InventoryService }): FastifyPluginAsyncZod {
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
      async (request) => ok(await inventory.list(requireUser(request).id, request.query), 'Inventory found'),
    );
  };
}
