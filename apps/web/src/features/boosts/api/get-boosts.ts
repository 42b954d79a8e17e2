import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BoostsView, boostsViewSchema } from '@titans/shared/boosts/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/boosts: the upgrade tracks with their next price, and today's free refills (D-BOOST-1/2). */
export function getBoosts(signal?: AbortSignal): Promise<BoostsView> {
  return api('/boosts', boostsViewSchema, { signal });
}

export function boostsQueryOptions() {
  return queryOptions({
    queryKey: ['boosts'] as const,
    queryFn: ({ signal }) => getBoosts(signal),
    // Energy and the refill cooldown move all the time: read afresh whenever the screen opens.
    staleTime: 0,
  });
}

export function useBoosts() {
  return useQuery(boostsQueryOptions());
}
