import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_5MIN } from '@titans/shared/constants';
import { type DailyRewardsView, dailyRewardsViewSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/daily-rewards (success envelope, data.rewards and the streak; cache 5 min). */
export function getDailyRewards(signal?: AbortSignal): Promise<DailyRewardsView> {
  return api('/daily-rewards', dailyRewardsViewSchema, { signal });
}

export function dailyRewardsQueryOptions() {
  return queryOptions({
    queryKey: ['daily-rewards'] as const,
    queryFn: ({ signal }) => getDailyRewards(signal),
    staleTime: CACHE_5MIN,
  });
}

export function useDailyRewards() {
  return useQuery(dailyRewardsQueryOptions());
}
