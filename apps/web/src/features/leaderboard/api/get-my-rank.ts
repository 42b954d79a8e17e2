import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import { type LeaderboardMe, leaderboardMeSchema } from '@titans/shared/leaderboard/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/leaderboard/me: the caller's pinned row (rank null shows "-"). */
export function getMyRank(signal?: AbortSignal): Promise<LeaderboardMe> {
  return api('/leaderboard/me', leaderboardMeSchema, { signal });
}

export function myRankQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboard', 'me'] as const,
    queryFn: ({ signal }) => getMyRank(signal),
    staleTime: CACHE_60S,
  });
}

export function useMyRank() {
  return useQuery(myRankQueryOptions());
}
