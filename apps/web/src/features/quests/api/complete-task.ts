import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CompletedTask, completedTaskSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from '../../users/api/get-profile.ts';
import { pendingCompletionQueryOptions } from './get-pending-completion.ts';
import { taskStatsQueryOptions } from './get-task-stats.ts';
import { tasksQueryOptions } from './get-tasks.ts';

/**
 * PUT /v1/task/complete {telegramUserId, taskId}: the server checks the condition (a visit long
 * enough by its clock, a finished quiz) and credits the reward once. Errors: task/too-early
 * ("Not enough time spent on external URL"), task/not-started, task/already-completed.
 */
export function completeTask(telegramUserId: string, taskId: string): Promise<CompletedTask> {
  return api('/task/complete', completedTaskSchema, { method: 'PUT', body: { telegramUserId, taskId } });
}

/** Refreshes everything a completion changes. */
export function invalidateAfterCompletion(
  queryClient: ReturnType<typeof useQueryClient>,
  telegramUserId: string,
) {
  void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: taskStatsQueryOptions(telegramUserId).queryKey });
  void queryClient.invalidateQueries({ queryKey: pendingCompletionQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: profileQueryOptions(telegramUserId).queryKey });
}

export function useCompleteTask(telegramUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => completeTask(telegramUserId, taskId),
    onSettled: () => invalidateAfterCompletion(queryClient, telegramUserId),
  });
}
