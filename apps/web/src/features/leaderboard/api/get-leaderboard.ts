import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import { type LeaderboardEntry, leaderboardListSchema } from '@titans/shared/leaderboard/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/leaderboard (cached 60 s): the top players of the latest snapshot. */
export function getLeaderboard(signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  return api('/leaderboard', leaderboardListSchema, { signal });
}

export function leaderboardQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboard'] as const,
    queryFn: ({ signal }) => getLeaderboard(signal),
    staleTime: CACHE_60S,
  });
}

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
