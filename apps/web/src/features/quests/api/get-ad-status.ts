import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import { type AdStatus, type AdView, adStatusSchema, adViewSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/ads/status: the public Adsgram block id (null: nothing to watch) and today's allowance. */
export function getAdStatus(signal?: AbortSignal): Promise<AdStatus> {
  return api('/ads/status', adStatusSchema, { signal });
}

export function adStatusQueryOptions() {
  return queryOptions({
    queryKey: ['ad-status'] as const,
    queryFn: ({ signal }) => getAdStatus(signal),
    staleTime: CACHE_60S,
  });
}

export function useAdStatus() {
  return useQuery(adStatusQueryOptions());
}

/** POST /v1/ads/views: the player is about to watch; the network's callback will credit it. */
export function startAdView(): Promise<AdView> {
  return api('/ads/views', adViewSchema, { method: 'POST' });
}

/** GET /v1/ads/views/{id}: pending until Adsgram's reward callback reaches the server. */
export function getAdView(viewId: string): Promise<AdView> {
  return api(`/ads/views/${encodeURIComponent(viewId)}`, adViewSchema);
}
