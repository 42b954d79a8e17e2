import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingCompletion } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/lazy-schema.ts';

const lazyAcknowledgedCompletionSchema = lazySchema(() =>
  import('@titans/shared/quests/schemas').then((schemas) => schemas.acknowledgedCompletionSchema),
);

const lazyPendingCompletionSchema = lazySchema(() =>
  import('@titans/shared/quests/schemas').then((schemas) => schemas.pendingCompletionSchema),
);

/** GET /v1/task/pending-completion: the completed task the popup has yet to show, kept by the server. */
export function getPendingCompletion(signal?: AbortSignal): Promise<PendingCompletion | null> {
  return api('/task/pending-completion', lazyPendingCompletionSchema, { signal });
}

export function pendingCompletionQueryOptions() {
  return queryOptions({
    queryKey: ['task-pending-completion'] as const,
    queryFn: ({ signal }) => getPendingCompletion(signal),
    staleTime: 0,
  });
}

export function usePendingCompletion(enabled: boolean) {
  return useQuery({ ...pendingCompletionQueryOptions(), enabled });
}

/** PUT /v1/task/pending-completion/ack: the popup was seen; it does not come back. */
export function acknowledgeCompletion(taskId: string): Promise<null> {
  return api('/task/pending-completion/ack', lazyAcknowledgedCompletionSchema, {
    method: 'PUT',
    body: { task_id: taskId },
  });
}
