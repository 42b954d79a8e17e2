import type { ClaimedReward, DailyRewardsView } from '@titans/shared/quests/schemas';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useClaimDailyReward } from './api/claim-daily-reward.ts';
import { useDailyRewards } from './api/get-daily-rewards.ts';
import { celebrateClaim } from './coin-burst.tsx';
import { type DayCard, dayCards } from './daily-cards.tsx';
import { DailyDayCard } from './daily-day-card.tsx';
import { DailyRewardDialog } from './daily-reward-dialog.tsx';
import { DailyStrip } from './daily-strip.tsx';

function StreakLine({ view }: { view: DailyRewardsView }) {
  const streak = view.state.current_streak;
  return (
    <div className="relative flex items-center gap-3">
      <EmojiArt name="fire" className="size-11 drop-shadow-[0_4px_8px_rgb(255_120_0/0.5)]" />
      <div>
        <p className="text-[11px] font-black tracking-[0.16em] whitespace-nowrap text-muted uppercase">
          {t('dailyCheckout.dailyStreak')}
        </p>
        <p className="font-display text-[24px] leading-tight text-ink" data-testid="daily-streak">
          {t('dailyCheckout.streakDays', { streak })}
        </p>
      </div>
      {/* Under 360 px the hint would take four lines beside the streak. */}
      <p className="ms-auto max-w-[9.5rem] text-end text-[12px] leading-snug font-bold text-muted max-[359px]:hidden">
        {t('dailyCheckout.comeBackEveryDay')}
      </p>
    </div>
  );
}

/**
 * Daily Checkout (spec-a §4 "Daily reward"), the board's one daily reward: three day cards, a
 * 7-day strip capped at day 30, one claim per UTC day. The server decides the streak and credits
 * the reward; a failed claim grants nothing (PRODUCT §2).
 */
export function DailyCheckout({ telegramUserId }: { telegramUserId: string }) {
  const daily = useDailyRewards();
  const claim = useClaimDailyReward(telegramUserId);
  const [claimed, setClaimed] = useState<ClaimedReward | null>(null);
  const claimCard = useRef<HTMLElement>(null);

  if (daily.isError && !daily.data)
    return (
      <EmptyState
        art="warning"
        title={t('dailyCheckout.failedToLoadDaily')}
        action={
          <Button variant="secondary" block onClick={() => void daily.refetch()}>
            {t('dailyCheckout.retry')}
          </Button>
        }
      />
    );
  if (!daily.data)
    return (
      <div className="flex flex-col gap-3" role="status" aria-label={t('dailyCheckout.loadingDailyRewards')}>
        <Skeleton className="h-44 rounded-3xl" />
        <Skeleton className="h-24 rounded-3xl" />
      </div>
    );

  const onClaim = (card: DayCard) => {
    if (!card.reward) return;
    claim.mutate(card.reward._id, {
      onSuccess: (result) => {
        celebrateClaim(claimCard.current, result.reward_type === 'coins' ? result.amount : 0);
        setClaimed(result);
      },
      onError: (error) => {
        haptics.error();
        toast.error(isApiError(error) && error.message ? error.message : t('dailyCheckout.failedToClaimThe'));
      },
    });
  };

  return (
    <section aria-label={t('dailyCheckout.dailyCheckout')} className="flex flex-col gap-4">
      <div className="panel relative overflow-hidden rounded-[26px] p-4">
        <div className="pointer-events-none absolute -top-12 -end-8 size-40 rounded-full bg-gold-400/20 blur-3xl" />
        <StreakLine view={daily.data} />
        <div className="relative mt-4 grid grid-cols-3 gap-2.5">
          {dayCards(daily.data).map((card) => (
            <DailyDayCard
              key={card.key}
              card={card}
              cardRef={card.key === 'today' ? claimCard : undefined}
              claiming={claim.isPending}
              onClaim={onClaim}
            />
          ))}
        </div>
      </div>
      <DailyStrip view={daily.data} />
      <DailyRewardDialog claimed={claimed} onClose={() => setClaimed(null)} />
    </section>
  );
}
