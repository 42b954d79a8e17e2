import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import { type TaskStats, taskStatsSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/task/stats/{id}: Coins Earned, Quiz Completed, Task Completed (cache 60 s). */
export function getTaskStats(telegramUserId: string, signal?: AbortSignal): Promise<TaskStats> {
  return api(`/task/stats/${encodeURIComponent(telegramUserId)}`, taskStatsSchema, { signal });
}

export function taskStatsQueryOptions(telegramUserId: string) {
  return queryOptions({
    queryKey: ['task-stats', telegramUserId] as const,
    queryFn: ({ signal }) => getTaskStats(telegramUserId, signal),
    staleTime: CACHE_60S,
    enabled: telegramUserId !== '',
  });
}

export function useTaskStats(telegramUserId: string) {
  return useQuery(taskStatsQueryOptions(telegramUserId));
}
