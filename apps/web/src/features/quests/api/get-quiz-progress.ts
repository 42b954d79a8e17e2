import { queryOptions, useQuery } from '@tanstack/react-query';
import { type QuizProgress, quizProgressSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/quiz/{id}/progress: this player's locked answers, kept by the server for 7 days. */
export function getQuizProgress(quizId: string, signal?: AbortSignal): Promise<QuizProgress> {
  return api(`/quiz/${encodeURIComponent(quizId)}/progress`, quizProgressSchema, { signal });
}

export function quizProgressQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: ['quiz-progress', quizId] as const,
    queryFn: ({ signal }) => getQuizProgress(quizId, signal),
    staleTime: 0,
  });
}

export function useQuizProgress(quizId: string) {
  return useQuery(quizProgressQueryOptions(quizId));
}
