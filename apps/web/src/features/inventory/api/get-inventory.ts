import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_30S } from '@titans/shared/constants';
import { type Inventory, type InventoryType, inventorySchema } from '@titans/shared/inventory/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/users/{id}/inventory filters: item_type lowercase, only_items, only_characters. */
export interface InventoryFilter {
  item_type?: InventoryType;
  only_items?: boolean;
  only_characters?: boolean;
}

export function getInventory(
  telegramUserId: string,
  filter: InventoryFilter = {},
  signal?: AbortSignal,
): Promise<Inventory> {
  return api(`/users/${telegramUserId}/inventory`, inventorySchema, { query: { ...filter }, signal });
}

/** Every inventory query of one user starts with this key: writes invalidate it whole. */
export function inventoryQueryKeyRoot(telegramUserId: string) {
  return ['inventory', telegramUserId] as const;
}

export function inventoryQueryOptions(telegramUserId: string, filter: InventoryFilter = {}) {
  return queryOptions({
    queryKey: [...inventoryQueryKeyRoot(telegramUserId), filter] as const,
    queryFn: ({ signal }) => getInventory(telegramUserId, filter, signal),
    staleTime: CACHE_30S,
  });
}

export function useInventory(telegramUserId: string, filter: InventoryFilter = {}) {
  return useQuery({ ...inventoryQueryOptions(telegramUserId, filter), enabled: telegramUserId !== '' });
}
