import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useAnswerQuiz } from './api/answer-quiz.ts';
import type { useQuizProgress } from './api/get-quiz-progress.ts';

/**
 * Choosing and checking an answer (Q3): the server locks it and reveals right or wrong.
 * The chosen answer brings Check into view, and a reveal its feedback and Next, clear of the nav
 * (scroll padding, D-UI-1), as a player would otherwise have to scroll to them.
 */
export function useQuizCheck(quizId: string, progress: ReturnType<typeof useQuizProgress>) {
  const answer = useAnswerQuiz(quizId);
  const [choice, setChoice] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const bringActions = () => actionsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });

  useEffect(() => {
    if (revealed === null || !progress.data?.answers.some((entry) => entry.question_id === revealed)) return;
    actionsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [revealed, progress.data]);

  const check = (questionId: string, onRevealed: () => void) => {
    if (choice === null) return;
    answer.mutate(
      { questionId, optionIndex: choice },
      {
        onSuccess: (result) => {
          onRevealed();
          setRevealed(questionId);
          (result.is_correct ? haptics.success : haptics.error)();
          audioEngine.play(result.is_correct ? 'success' : 'error');
        },
        onError: (error) => {
          haptics.error();
          toast.error(
            isApiError(error) && error.message ? error.message : t('useQuizCheck.failedToSubmitYour'),
          );
          void progress.refetch();
        },
      },
    );
  };

  const choose = (index: number) => {
    setChoice(index);
    // Check may sit below the fold or under the raised Home button: bring it up.
    requestAnimationFrame(bringActions);
  };

  return { choice, setChoice, choose, check, pending: answer.isPending, actionsRef };
}
