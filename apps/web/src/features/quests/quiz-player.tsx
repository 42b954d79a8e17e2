import type { QuizProgress, TaskView } from '@titans/shared/quests/schemas';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useQuiz } from './api/get-quiz.ts';
import { useQuizProgress } from './api/get-quiz-progress.ts';
import { QuizQuestionView } from './quiz-question-view.tsx';
import { QuizResults } from './quiz-results.tsx';
import { useQuizCheck } from './use-quiz-check.ts';
import { useQuizClaim } from './use-quiz-claim.ts';

/** Tasks: the saved progress could not be read, so the quiz starts over. */
export const QUIZ_PROGRESS_LOST = () => t('quizPlayer.failedToLoadSaved');

/** No answers yet: the quiz from its first question. */
function freshProgress(quizId: string): QuizProgress {
  return {
    quiz_id: quizId,
    task_id: null,
    answers: [],
    correct: 0,
    total: 0,
    started_at: null,
    expires_at: null,
    completed: false,
  };
}

function Loading() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label={t('quizPlayer.loadingQuiz')}>
      <Skeleton className="h-8 w-2/3 rounded-xl" />
      <Skeleton className="h-28 rounded-3xl" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-14 rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * The quiz player: choose, Check (the server locks the answer and reveals
 * right or wrong and the explanation), Next Question or View Results, the headline, and Claim
 * Reward. Progress is the server's: it resumes on any device where the player left off.
 */
export function QuizPlayer({
  task,
  telegramUserId,
  onClose,
}: {
  task: TaskView;
  telegramUserId: string;
  onClose(): void;
}) {
  const quizId = task.metadata.quizId ?? '';
  const quiz = useQuiz(quizId);
  const progress = useQuizProgress(quizId);
  const answer = useQuizCheck(quizId, progress);
  const reward = useQuizClaim(task, telegramUserId, onClose);
  const [viewing, setViewing] = useState<number | null>(null);
  const [showResults, setShowResults] = useState(false);

  // The saved progress did not load: say so once and start from the first question. The server
  // still holds any locked answers; the next answer (or a retry) brings them back.
  const progressLost = progress.isError && !progress.data;
  useEffect(() => {
    if (progressLost) toast.error(QUIZ_PROGRESS_LOST());
  }, [progressLost]);

  if (quiz.isError)
    return (
      <EmptyState
        art="warning"
        title={t('quizPlayer.failedToLoadQuiz')}
        action={
          <Button variant="secondary" block onClick={onClose}>
            {t('quizPlayer.backToTasks')}
          </Button>
        }
      />
    );
  const saved = progress.data ?? (progressLost ? freshProgress(quizId) : null);
  if (!quiz.data || !saved) return <Loading />;

  const questions = quiz.data.questions;
  const total = questions.length;
  const answers = new Map(saved.answers.map((entry) => [entry.question_id, entry]));
  const firstOpen = questions.findIndex((question) => !answers.has(question._id));
  const allAnswered = firstOpen === -1;
  const index = viewing ?? (allAnswered ? total - 1 : firstOpen);

  if (allAnswered && (showResults || viewing === null))
    return (
      <QuizResults
        task={task}
        correct={saved.correct}
        total={total}
        claiming={reward.claiming}
        claimRef={reward.claimRef}
        onClaim={() => void reward.claim(saved.correct, total)}
        onClose={onClose}
      />
    );
  const next = () => {
    answer.setChoice(null);
    if (index + 1 >= total) return setShowResults(true);
    setViewing(null);
    haptics.selection();
  };
  return (
    <QuizQuestionView
      quiz={quiz.data}
      index={index}
      answers={answers}
      choice={answer.choice}
      pending={answer.pending}
      actionsRef={answer.actionsRef}
      onChoose={answer.choose}
      onCheck={() => answer.check(questions[index]?._id ?? '', () => setViewing(index))}
      onNext={next}
      onClose={onClose}
    />
  );
}
