import { useQueryClient } from '@tanstack/react-query';
import { formatReward, quizHeadline, quizPercent, quizReward } from '@titans/shared/quests/rules';
import type { QuizProgress, TaskView } from '@titans/shared/quests/schemas';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { useAnswerQuiz } from './api/answer-quiz.ts';
import { completeTask, invalidateAfterCompletion } from './api/complete-task.ts';
import { useQuiz } from './api/get-quiz.ts';
import { useQuizProgress } from './api/get-quiz-progress.ts';
import { trackProgress } from './api/track-progress.ts';
import { celebrateClaim } from './coin-burst.tsx';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** spec-a §8 "Tasks": the saved progress could not be read, so the quiz starts over. */
export const QUIZ_PROGRESS_LOST = 'Failed to load saved quiz. Starting from beginning.';

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

/**
 * The quiz player (spec-a §4 "Quiz"): choose, Check (the server locks the answer and reveals
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
  const queryClient = useQueryClient();
  const quiz = useQuiz(quizId);
  const progress = useQuizProgress(quizId);
  const answer = useAnswerQuiz(quizId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [showResults, setShowResults] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const claimButton = useRef<HTMLDivElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  // The question whose answer the server has just revealed: its feedback and Next are brought
  // into view, clear of the nav (scroll padding, D-UI-1), as a player would have to scroll to them.
  const [revealed, setRevealed] = useState<string | null>(null);
  useEffect(() => {
    if (revealed === null || !progress.data?.answers.some((entry) => entry.question_id === revealed)) return;
    actions.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [revealed, progress.data]);

  // The saved progress did not load: say so once and start from the first question. The server
  // still holds any locked answers; the next answer (or a retry) brings them back.
  const progressLost = progress.isError && !progress.data;
  useEffect(() => {
    if (progressLost) toast.error(QUIZ_PROGRESS_LOST);
  }, [progressLost]);

  if (quiz.isError) {
    return (
      <EmptyState
        art="warning"
        title="Failed to load quiz questions. Please try again later."
        action={
          <Button variant="secondary" block onClick={onClose}>
            Back to tasks
          </Button>
        }
      />
    );
  }
  const saved = progress.data ?? (progressLost ? freshProgress(quizId) : null);
  if (!quiz.data || !saved) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading quiz">
        <Skeleton className="h-8 w-2/3 rounded-xl" />
        <Skeleton className="h-28 rounded-3xl" />
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-14 rounded-2xl" />
        ))}
      </div>
    );
  }

  const questions = quiz.data.questions;
  const answers = new Map(saved.answers.map((entry) => [entry.question_id, entry]));
  const firstOpen = questions.findIndex((question) => !answers.has(question._id));
  const allAnswered = firstOpen === -1;
  const index = viewing ?? (allAnswered ? questions.length - 1 : firstOpen);
  const question = questions[index];
  if (!question) return null;
  const locked = answers.get(question._id);
  const correct = saved.correct;
  const total = questions.length;

  const check = () => {
    if (choice === null) return;
    answer.mutate(
      { questionId: question._id, optionIndex: choice },
      {
        onSuccess: (result) => {
          setViewing(index);
          setRevealed(question._id);
          if (result.is_correct) {
            haptics.success();
            audioEngine.play('success');
          } else {
            haptics.error();
            audioEngine.play('error');
          }
        },
        onError: (error) => {
          haptics.error();
          toast.error(isApiError(error) && error.message ? error.message : 'Failed to submit your answer');
          void progress.refetch();
        },
      },
    );
  };

  const next = () => {
    setChoice(null);
    if (index + 1 >= total) {
      setShowResults(true);
      return;
    }
    setViewing(null);
    haptics.selection();
  };

  const claim = async () => {
    setClaiming(true);
    try {
      await trackProgress({
        telegram_user_id: telegramUserId,
        task_id: task._id,
        metadata: {
          action: 'complete',
          quiz: { quizId, score: quizPercent(correct, total), completed: true },
        },
      }).catch(() => undefined);
      const done = await completeTask(telegramUserId, task._id);
      celebrateClaim(claimButton.current, done.reward);
      toast.success(`+${done.reward.toLocaleString('en-US')} coins`);
      invalidateAfterCompletion(queryClient, telegramUserId);
      onClose();
    } catch (error) {
      haptics.error();
      toast.error(
        isApiError(error) && error.code === 'task/already-completed'
          ? 'Task already completed'
          : 'Failed to submit quiz results. Please try again.',
      );
      invalidateAfterCompletion(queryClient, telegramUserId);
    } finally {
      setClaiming(false);
    }
  };

  if ((showResults || (allAnswered && viewing === null)) && allAnswered) {
    const headline = quizHeadline(correct, total);
    const reward = quizReward(task.reward_points, correct, total);
    const art =
      headline === 'Perfect Score!' ? 'trophy' : headline === 'Good Job!' ? 'glowing-star' : 'sparkles';
    return (
      <section
        aria-label="Quiz results"
        className="panel relative overflow-hidden rounded-[28px] px-5 pt-6 pb-5 text-center animate-pop-in"
      >
        <div className="pointer-events-none absolute inset-x-0 -top-10 mx-auto h-40 w-64 rounded-full bg-gold-400/25 blur-3xl" />
        <EmojiArt
          name={art}
          className="relative mx-auto size-24 drop-shadow-[0_8px_14px_rgb(0_0_0/0.45)] animate-float"
        />
        <h2 className="relative mt-2 font-display text-[30px] leading-tight text-gold">{headline}</h2>
        <p className="relative mt-1 text-[15px] font-bold text-ink/85">
          You answered <span className="font-black text-ink">{correct}</span> of{' '}
          <span className="font-black text-ink">{total}</span> correctly
        </p>
        <div
          className="relative mx-auto mt-4 grid size-28 place-items-center rounded-full bg-[conic-gradient(var(--color-gold-400)_var(--p),rgb(255_255_255/0.1)_0)] p-2"
          style={{ '--p': `${quizPercent(correct, total)}%` }}
        >
          <div className="grid size-full place-items-center rounded-full bg-night-850">
            <span className="font-display text-[30px] text-ink" data-testid="quiz-score">
              {quizPercent(correct, total)}%
            </span>
          </div>
        </div>
        <p className="relative mt-4 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
          <GameIcon name="coin" className="size-6" />
          <span className="font-display text-[22px] text-gold">+{formatReward(reward)}</span>
        </p>
        <div ref={claimButton} className="relative mt-5 flex flex-col gap-2">
          {task.completed ? (
            <Button size="lg" block disabled>
              Claimed
            </Button>
          ) : (
            <Button size="lg" block disabled={claiming} onClick={() => void claim()}>
              {claiming ? <Spinner className="size-6" label="Claiming" /> : 'Claim Reward'}
            </Button>
          )}
          <Button variant="ghost" block onClick={onClose}>
            Back to tasks
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-label={quiz.data.title} className="animate-fade-in">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={onClose}
          className="rounded-full bg-white/8 px-3 py-1 text-[13px] font-extrabold text-muted ring-1 ring-white/12"
        >
          ← Tasks
        </button>
        <span className="text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase">
          Question {index + 1} of {total}
        </span>
      </div>
      <div className="mt-3 flex gap-1" aria-hidden>
        {questions.map((entry, position) => {
          const state = answers.get(entry._id);
          return (
            <span
              key={entry._id}
              className={cx(
                'h-1.5 flex-1 rounded-full',
                state
                  ? state.is_correct
                    ? 'bg-success-400'
                    : 'bg-danger-400'
                  : position === index
                    ? 'bg-gold-300'
                    : 'bg-white/12',
              )}
            />
          );
        })}
      </div>
      <div className="panel mt-4 rounded-[24px] p-4">
        <p className="text-[11px] font-black tracking-[0.16em] text-muted uppercase">{quiz.data.title}</p>
        <h2 className="mt-1 font-display text-[21px] leading-snug text-ink">{question.question}</h2>
      </div>
      <div className="mt-3 flex flex-col gap-2.5" role="radiogroup" aria-label="Answers">
        {question.options.map((option, optionIndex) => {
          const selected = locked ? locked.selected_index === optionIndex : choice === optionIndex;
          const isRight = locked && locked.correct_index === optionIndex;
          const isWrong = locked && selected && !locked.is_correct;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a big game-styled answer button that acts as one radio of the group
            <button
              key={option.text}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={!!locked || answer.isPending}
              onClick={() => {
                haptics.selection();
                setChoice(optionIndex);
                // Check may sit below the fold or under the raised Home button: bring it up.
                requestAnimationFrame(() =>
                  actions.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
                );
              }}
              className={cx(
                'flex min-h-14 items-center gap-3 rounded-2xl px-3.5 py-2.5 text-left text-[15px] font-extrabold ring-1 transition-transform active:scale-[0.98]',
                isRight
                  ? 'bg-success-500/25 text-ink ring-success-400'
                  : isWrong
                    ? 'bg-danger-500/25 text-ink ring-danger-400'
                    : selected
                      ? 'bg-night-500/70 text-ink ring-gold-300'
                      : 'bg-night-700/70 text-ink/90 ring-white/10',
              )}
            >
              <span
                className={cx(
                  'grid size-8 shrink-0 place-items-center rounded-xl font-display text-[15px]',
                  isRight
                    ? 'bg-success-500 text-white'
                    : isWrong
                      ? 'bg-danger-500 text-white'
                      : selected
                        ? 'bg-gold-300 text-[#4a2300]'
                        : 'bg-white/10 text-muted',
                )}
              >
                {isRight ? '✓' : isWrong ? '✕' : LETTERS[optionIndex]}
              </span>
              {option.text}
            </button>
          );
        })}
      </div>
      {locked && (
        <div
          role="status"
          className={cx(
            'mt-3 rounded-2xl px-4 py-3 text-[14px] leading-snug ring-1 animate-rise-in',
            locked.is_correct
              ? 'bg-success-700/30 ring-success-400/50'
              : 'bg-danger-800/35 ring-danger-400/50',
          )}
        >
          <p
            className={cx(
              'font-display text-[18px]',
              locked.is_correct ? 'text-success-400' : 'text-danger-400',
            )}
          >
            {locked.is_correct ? 'Correct!' : 'Wrong answer'}
          </p>
          {locked.explanation && <p className="mt-0.5 text-ink/85">{locked.explanation}</p>}
        </div>
      )}
      <div ref={actions} className="mt-4">
        {locked ? (
          <Button size="lg" block onClick={next}>
            {index + 1 >= total ? 'View Results' : 'Next Question'}
          </Button>
        ) : (
          <Button size="lg" block disabled={choice === null || answer.isPending} onClick={check}>
            {answer.isPending ? <Spinner className="size-6" label="Checking" /> : 'Check'}
          </Button>
        )}
      </div>
    </section>
  );
}
