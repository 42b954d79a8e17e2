import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_2MIN } from '@titans/shared/constants';
import { type TaskView, taskViewSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/tasks: every task with this player's state (cache 2 min). */
export function getTasks(signal?: AbortSignal): Promise<TaskView[]> {
  return api('/tasks', taskViewSchema.array(), { signal });
}

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: ['tasks'] as const,
    queryFn: ({ signal }) => getTasks(signal),
    staleTime: CACHE_2MIN,
  });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
