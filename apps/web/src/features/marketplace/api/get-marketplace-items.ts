import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_2MIN } from '@titans/shared/constants';
import type { ItemType } from '@titans/shared/inventory/schemas';
import { type MarketplaceList, marketplaceListSchema } from '@titans/shared/marketplace/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/marketplace/items filters: 50 per fetch, skip, item_type, name. */
export interface MarketplaceFilter {
  item_type?: ItemType;
  name?: string;
  limit?: number;
  skip?: number;
}

export function getMarketplaceItems(
  filter: MarketplaceFilter,
  signal?: AbortSignal,
): Promise<MarketplaceList> {
  return api('/marketplace/items', marketplaceListSchema, { query: { ...filter }, signal });
}

/** Every marketplace query starts with this key: a purchase invalidates them all (ownership, stock). */
export const MARKETPLACE_QUERY_ROOT = ['marketplace'] as const;

export function marketplaceItemsQueryOptions(filter: MarketplaceFilter = {}) {
  return queryOptions({
    queryKey: [...MARKETPLACE_QUERY_ROOT, 'items', filter] as const,
    queryFn: ({ signal }) => getMarketplaceItems(filter, signal),
    // Cached 2 min.
    staleTime: CACHE_2MIN,
  });
}

export function useMarketplaceItems(filter: MarketplaceFilter, enabled = true) {
  return useQuery({ ...marketplaceItemsQueryOptions(filter), enabled });
}
