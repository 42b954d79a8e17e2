import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PurchaseResult, purchaseResultSchema } from '@titans/shared/marketplace/schemas';
import { api } from '../../../lib/api-client.ts';
import { CHARACTERS_QUERY_ROOT } from '../../characters/api/get-characters.ts';
import { inventoryQueryKeyRoot } from '../../inventory/api/get-inventory.ts';
import { profileQueryOptions } from '../../users/api/get-profile.ts';
import { userQueryOptions } from '../../users/api/get-user.ts';
import { MARKETPLACE_QUERY_ROOT } from './get-marketplace-items.ts';

export type PurchaseTarget = { kind: 'item'; id: string } | { kind: 'character'; id: string };

/** One key per purchase the player confirms; the client's one retry on a timeout sends it again. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `buy-${crypto.randomUUID()}`;
  // randomUUID needs a secure context; getRandomValues works everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `buy-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * POST /v1/purchase/item/{itemId} or POST /v1/character/purchase/{id} with `user_id`.
 * The server decides price, currency and ownership; errors carry shop/* codes. The server pushes
 * statusUpdated to every screen, and the coin total follows it down (tap-pipeline.ts).
 */
export function purchase(telegramUserId: string, target: PurchaseTarget): Promise<PurchaseResult> {
  const path =
    target.kind === 'item'
      ? `/purchase/item/${encodeURIComponent(target.id)}`
      : `/character/purchase/${encodeURIComponent(target.id)}`;
  const headers = { 'Idempotency-Key': newIdempotencyKey() };
  return api(path, purchaseResultSchema, { method: 'POST', body: { user_id: telegramUserId }, headers });
}

export function usePurchase(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: PurchaseTarget) => purchase(telegramUserId, target),
    onSuccess: (result) => {
      // A successful write invalidates the related cached entries.
      queryClient.setQueryData(userQueryOptions(telegramUserId).queryKey, (user) =>
        user ? { ...user, coins: result.coins, gems: result.gems } : user,
      );
      void queryClient.invalidateQueries({
        queryKey: userQueryOptions(telegramUserId).queryKey,
        exact: true,
      });
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
      void queryClient.invalidateQueries({ queryKey: inventoryQueryKeyRoot(telegramUserId) });
      void queryClient.invalidateQueries({ queryKey: MARKETPLACE_QUERY_ROOT });
      if (result.kind === 'character')
        void queryClient.invalidateQueries({ queryKey: CHARACTERS_QUERY_ROOT });
    },
  });
}
