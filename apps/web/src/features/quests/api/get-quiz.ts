import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_5MIN } from '@titans/shared/constants';
import { type QuizView, quizViewSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/quiz/{id}: questions and options, without the answers (cache 5 min). */
export function getQuiz(quizId: string, signal?: AbortSignal): Promise<QuizView> {
  return api(`/quiz/${encodeURIComponent(quizId)}`, quizViewSchema, { signal });
}

export function quizQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: ['quiz', quizId] as const,
    queryFn: ({ signal }) => getQuiz(quizId, signal),
    staleTime: CACHE_5MIN,
  });
}

export function useQuiz(quizId: string) {
  return useQuery(quizQueryOptions(quizId));
}
