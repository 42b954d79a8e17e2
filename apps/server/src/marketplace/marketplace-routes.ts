import { codeEnvelope } from '@titans/shared/envelope';
import {
  characterIdParamsSchema,
  itemIdParamsSchema,
  marketplaceItemParamsSchema,
  marketplaceItemSchema,
  marketplaceListSchema,
  marketplaceQuerySchema,
  purchaseBodySchema,
  purchaseResultSchema,
} from '@titans/shared/marketplace/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '../auth/auth-hooks.ts';
import { ApiError } from '../http/api-error.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { MarketplaceService } from './marketplace-service.ts';

/**
 * The Titans Emporium calls: GET /marketplace/items, GET /marketplace/items/{id},
 * POST /purchase/item/{itemId}, POST /character/purchase/{id}. The body's `user_id` must be the
 * caller (the auth hook answers 403 otherwise); an optional Idempotency-Key makes a retry safe.
 */
export function marketplaceRoutes({
  marketplace,
}: {
  marketplace: MarketplaceService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/marketplace/items',
      {
        schema: {
          querystring: marketplaceQuerySchema,
          response: { 200: codeEnvelope(marketplaceListSchema) },
        },
      },
      async (request) =>
        ok(await marketplace.list(request.query, callerOf(request).user?.id ?? null), 'Items found'),
    );

    app.get(
      '/marketplace/items/:id',
      {
        schema: {
          params: marketplaceItemParamsSchema,
          response: { 200: codeEnvelope(marketplaceItemSchema) },
        },
      },
      async (request) => {
        const item = await marketplace.item(request.params.id, callerOf(request).user?.id ?? null);
        if (!item) throw new ApiError('shop/item-not-found');
        return ok(item, 'Item found');
      },
    );

    app.post(
      '/purchase/item/:itemId',
      {
        schema: {
          params: itemIdParamsSchema,
          body: purchaseBodySchema,
          response: { 200: codeEnvelope(purchaseResultSchema) },
        },
      },
      async (request) => {
        const result = await marketplace.purchaseItem(requireUser(request).id, request.params.itemId, {
          idempotencyKey: idempotencyKeyOf(request),
        });
        return ok(orThrow(result), 'Item purchased successfully');
      },
    );

    app.post(
      '/character/purchase/:id',
      {
        schema: {
          params: characterIdParamsSchema,
          body: purchaseBodySchema,
          response: { 200: codeEnvelope(purchaseResultSchema) },
        },
      },
      async (request) => {
        const result = await marketplace.purchaseCharacter(requireUser(request).id, request.params.id, {
          idempotencyKey: idempotencyKeyOf(request),
        });
        return ok(orThrow(result), 'Character purchased successfully');
      },
    );
  };
}
