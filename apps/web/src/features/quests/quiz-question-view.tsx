import type { QuizProgress, QuizView } from '@titans/shared/quests/schemas';
import type { Ref } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { QuizAnswerOption } from './quiz-answer-option.tsx';

type LockedAnswer = QuizProgress['answers'][number];

/** One bar per question: green or red once answered, gold for the current one. */
function QuizProgressDots({
  questions,
  answers,
  index,
}: {
  questions: QuizView['questions'];
  answers: Map<string, LockedAnswer>;
  index: number;
}) {
  return (
    <div className="mt-3 flex gap-1" aria-hidden>
      {questions.map((entry, position) => {
        const state = answers.get(entry._id);
        const tone = state
          ? state.is_correct
            ? 'bg-success-400'
            : 'bg-danger-400'
          : position === index
            ? 'bg-gold-300'
            : 'bg-white/12';
        return <span key={entry._id} className={cx('h-1.5 flex-1 rounded-full', tone)} />;
      })}
    </div>
  );
}

/** After Check, right or wrong and the explanation when there is one. */
function QuizFeedback({ locked }: { locked: LockedAnswer }) {
  return (
    <div
      role="status"
      className={cx(
        'mt-3 rounded-2xl px-4 py-3 text-[14px] leading-snug ring-1 animate-rise-in',
        locked.is_correct ? 'bg-success-700/30 ring-success-400/50' : 'bg-danger-800/35 ring-danger-400/50',
      )}
    >
      <p
        className={cx('font-display text-[18px]', locked.is_correct ? 'text-success-400' : 'text-danger-400')}
      >
        {locked.is_correct ? t('quizQuestionView.correct') : t('quizQuestionView.wrongAnswer')}
      </p>
      {locked.explanation && <p className="mt-0.5 text-ink/85">{locked.explanation}</p>}
    </div>
  );
}

export interface QuizQuestionProps {
  quiz: QuizView;
  index: number;
  answers: Map<string, LockedAnswer>;
  choice: number | null;
  pending: boolean;
  actionsRef: Ref<HTMLDivElement>;
  onChoose(index: number): void;
  onCheck(): void;
  onNext(): void;
  onClose(): void;
}

/** A question of the quiz: its answers, Check, then the feedback and Next / View Results. */
export function QuizQuestionView(props: QuizQuestionProps) {
  const { quiz, index, answers, choice, pending } = props;
  const question = quiz.questions[index];
  if (!question) return null;
  const locked = answers.get(question._id);
  const total = quiz.questions.length;
  return (
    <section aria-label={quiz.title} className="animate-fade-in">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={props.onClose}
          className="rounded-full bg-white/8 px-3 py-1 text-[13px] font-extrabold text-muted ring-1 ring-white/12"
        >
          {t('quizQuestionView.tasks')}
        </button>
        <span className="text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase">
          {t('quizQuestionView.questionOf', { index: index + 1, total })}
        </span>
      </div>
      <QuizProgressDots questions={quiz.questions} answers={answers} index={index} />
      <div className="panel mt-4 rounded-[24px] p-4">
        <p className="text-[11px] font-black tracking-[0.16em] text-muted uppercase">{quiz.title}</p>
        <h2 className="mt-1 font-display text-[21px] leading-snug text-ink">{question.question}</h2>
      </div>
      <div
        className="mt-3 flex flex-col gap-2.5"
        role="radiogroup"
        aria-label={t('quizQuestionView.answers')}
      >
        {question.options.map((option, optionIndex) => {
          const selected = locked ? locked.selected_index === optionIndex : choice === optionIndex;
          return (
            <QuizAnswerOption
              key={option.text}
              text={option.text}
              index={optionIndex}
              selected={selected}
              isRight={locked?.correct_index === optionIndex}
              isWrong={!!locked && selected && !locked.is_correct}
              disabled={!!locked || pending}
              onChoose={props.onChoose}
            />
          );
        })}
      </div>
      {locked && <QuizFeedback locked={locked} />}
      <div ref={props.actionsRef} className="mt-4">
        {locked ? (
          <Button size="lg" block onClick={props.onNext}>
            {index + 1 >= total ? t('quizQuestionView.viewResults') : t('quizQuestionView.nextQuestion')}
          </Button>
        ) : (
          <Button size="lg" block disabled={choice === null || pending} onClick={props.onCheck}>
            {pending ? (
              <Spinner className={'size-6'} label={t('quizQuestionView.checking')} />
            ) : (
              t('quizQuestionView.check')
            )}
          </Button>
        )}
      </div>
    </section>
  );
}
