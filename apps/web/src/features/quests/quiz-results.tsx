import { formatReward, quizHeadline, quizPercent, quizReward } from '@titans/shared/quests/rules';
import type { TaskView } from '@titans/shared/quests/schemas';
import type { Ref } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';

/** The results screen, the headline for the score, and Claim Reward. */
export function QuizResults({
  task,
  correct,
  total,
  claiming,
  claimRef,
  onClaim,
  onClose,
}: {
  task: TaskView;
  correct: number;
  total: number;
  claiming: boolean;
  claimRef: Ref<HTMLDivElement>;
  onClaim(): void;
  onClose(): void;
}) {
  const headline = quizHeadline(correct, total);
  const reward = quizReward(task.reward_points, correct, total);
  const art =
    headline === 'Perfect Score!' ? 'trophy' : headline === 'Good Job!' ? 'glowing-star' : 'sparkles';
  const percent = quizPercent(correct, total);
  return (
    <section
      aria-label={t('quizResults.quizResults')}
      className="panel relative overflow-hidden rounded-[28px] px-5 pt-6 pb-5 text-center animate-pop-in"
    >
      <div className="pointer-events-none absolute inset-x-0 -top-10 mx-auto h-40 w-64 rounded-full bg-gold-400/25 blur-3xl" />
      <EmojiArt
        name={art}
        className="relative mx-auto size-24 drop-shadow-[0_8px_14px_rgb(0_0_0/0.45)] animate-float"
      />
      <h2 className="relative mt-2 font-display text-[30px] leading-tight text-gold">{headline}</h2>
      <p className="relative mt-1 text-[15px] font-bold text-ink/85">
        {t('quizResults.youAnswered')}
        <span className="font-black text-ink">{correct}</span>
        {t('quizResults.of')} <span className="font-black text-ink">{total}</span>
        {t('quizResults.correctly')}
      </p>
      <div
        className="relative mx-auto mt-4 grid size-28 place-items-center rounded-full bg-[conic-gradient(var(--color-gold-400)_var(--p),rgb(255_255_255/0.1)_0)] p-2"
        style={{ '--p': `${percent}%` }}
      >
        <div className="grid size-full place-items-center rounded-full bg-night-850">
          <span className="font-display text-[30px] text-ink" data-testid="quiz-score">
            {percent}%
          </span>
        </div>
      </div>
      <p className="relative mt-4 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
        <GameIcon name="coin" className="size-6" />
        <span className="font-display text-[22px] text-gold">+{formatReward(reward)}</span>
      </p>
      <div ref={claimRef} className="relative mt-5 flex flex-col gap-2">
        {task.completed ? (
          <Button size="lg" block disabled>
            {t('quizResults.claimed')}
          </Button>
        ) : (
          <Button size="lg" block disabled={claiming} onClick={onClaim}>
            {claiming ? (
              <Spinner className={'size-6'} label={t('quizResults.claiming')} />
            ) : (
              t('quizResults.claimReward')
            )}
          </Button>
        )}
        <Button variant="ghost" block onClick={onClose}>
          {t('quizResults.backToTasks')}
        </Button>
      </div>
    </section>
  );
}
