import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AnswerResult, answerResultSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';
import { quizProgressQueryOptions } from './get-quiz-progress.ts';

/**
 * POST /v1/quiz/{id}/answer {question_id, option_index}: locks the answer on the server and
 * reveals whether it was right, the right option and the explanation (decisions: D-QUEST-3).
 */
export function answerQuiz(quizId: string, questionId: string, optionIndex: number): Promise<AnswerResult> {
  return api(`/quiz/${encodeURIComponent(quizId)}/answer`, answerResultSchema, {
    method: 'POST',
    body: { question_id: questionId, option_index: optionIndex },
  });
}

export function useAnswerQuiz(quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, optionIndex }: { questionId: string; optionIndex: number }) =>
      answerQuiz(quizId, questionId, optionIndex),
    onSuccess: (result) =>
      queryClient.setQueryData(quizProgressQueryOptions(quizId).queryKey, result.progress),
  });
}
