import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_2MIN } from '@titans/shared/constants';
import { type MarketplaceItem, marketplaceItemSchema } from '@titans/shared/marketplace/schemas';
import { api } from '../../../lib/api-client.ts';
import { MARKETPLACE_QUERY_ROOT } from './get-marketplace-items.ts';

/** GET /v1/marketplace/items/{id}: one item's detail. */
export function getMarketplaceItem(id: string, signal?: AbortSignal): Promise<MarketplaceItem> {
  return api(`/marketplace/items/${encodeURIComponent(id)}`, marketplaceItemSchema, { signal });
}

export function marketplaceItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...MARKETPLACE_QUERY_ROOT, 'item', id] as const,
    queryFn: ({ signal }) => getMarketplaceItem(id, signal),
    staleTime: CACHE_2MIN,
  });
}

export function useMarketplaceItem(id: string | null) {
  return useQuery({ ...marketplaceItemQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}
