import { DAILY_REWARD_CAP_DAY, DAILY_STRIP_DAYS } from '@titans/shared/constants';
import { formatReward } from '@titans/shared/quests/rules';
import type { ClaimedReward, DailyReward, DailyRewardsView } from '@titans/shared/quests/schemas';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { useClaimDailyReward } from './api/claim-daily-reward.ts';
import { useDailyRewards } from './api/get-daily-rewards.ts';
import { celebrateClaim } from './coin-burst.tsx';

type CardState = 'Claimed' | 'Claim' | 'Missed' | 'Coming Soon';

interface DayCard {
  key: string;
  day: number;
  state: CardState;
  reward: DailyReward | undefined;
}

const rewardFor = (rewards: DailyReward[], day: number) =>
  rewards.find((reward) => reward.day === Math.min(day, DAILY_REWARD_CAP_DAY));

/** spec-a §4: three day cards around today, reading Claimed, Claim, Missed or Coming Soon. */
export function dayCards(view: DailyRewardsView): DayCard[] {
  const { state, rewards } = view;
  const today = state.today_day;
  const broken = state.last_claimed_date !== null && state.current_streak === 0 && !state.claimed_today;
  const todayCard: DayCard = {
    key: 'today',
    day: today,
    state: state.claimed_today ? 'Claimed' : 'Claim',
    reward: rewardFor(rewards, today),
  };
  const next = (offset: number): DayCard => ({
    key: `next-${offset}`,
    day: Math.min(today + offset, DAILY_REWARD_CAP_DAY),
    state: 'Coming Soon',
    reward: rewardFor(rewards, today + offset),
  });
  if (broken) {
    return [{ key: 'missed', day: 0, state: 'Missed', reward: undefined }, todayCard, next(1)];
  }
  if (today > 1) {
    return [
      { key: 'before', day: today - 1, state: 'Claimed', reward: rewardFor(rewards, today - 1) },
      todayCard,
      next(1),
    ];
  }
  return [todayCard, next(1), next(2)];
}

function RewardArt({ reward, className }: { reward: DailyReward | undefined; className?: string }) {
  if (!reward) return <EmojiArt name="hourglass-not-done" className={className} />;
  return <img src={reward.image_url} alt="" aria-hidden draggable={false} className={className} />;
}

function rewardText(reward: DailyReward | undefined) {
  if (!reward) return '—';
  return reward.reward_type === 'coins' ? `+${formatReward(reward.amount)}` : reward.name;
}

/**
 * Daily Checkout (spec-a §4 "Daily reward"): three day cards, a 7-day strip capped at day 30,
 * one claim per UTC day. The server decides the streak and credits the reward; a failed claim
 * grants nothing (PRODUCT §2).
 */
export function DailyCheckout({ telegramUserId }: { telegramUserId: string }) {
  const daily = useDailyRewards();
  const claim = useClaimDailyReward(telegramUserId);
  const [claimed, setClaimed] = useState<ClaimedReward | null>(null);
  const claimCard = useRef<HTMLElement>(null);

  if (daily.isError && !daily.data) {
    return (
      <EmptyState
        art="warning"
        title="Failed to load daily rewards."
        action={
          <Button variant="secondary" block onClick={() => void daily.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!daily.data) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading daily rewards">
        <Skeleton className="h-44 rounded-3xl" />
        <Skeleton className="h-24 rounded-3xl" />
      </div>
    );
  }
  const view = daily.data;
  const cards = dayCards(view);
  const strip = Array.from({ length: DAILY_STRIP_DAYS }, (_, offset) =>
    Math.min(view.state.today_day + offset, DAILY_REWARD_CAP_DAY),
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
        toast.error(isApiError(error) && error.message ? error.message : 'Failed to claim the reward');
      },
    });
  };

  return (
    <section aria-label="Daily Checkout" className="flex flex-col gap-4">
      <div className="panel relative overflow-hidden rounded-[26px] p-4">
        <div className="pointer-events-none absolute -top-12 -right-8 size-40 rounded-full bg-gold-400/20 blur-3xl" />
        <div className="relative flex items-center gap-3">
          <EmojiArt name="fire" className="size-11 drop-shadow-[0_4px_8px_rgb(255_120_0/0.5)]" />
          <div>
            <p className="text-[11px] font-black tracking-[0.16em] text-muted uppercase">Current streak</p>
            <p className="font-display text-[24px] leading-tight text-ink" data-testid="daily-streak">
              {view.state.current_streak} {view.state.current_streak === 1 ? 'day' : 'days'}
            </p>
          </div>
          <p className="ml-auto max-w-[9.5rem] text-right text-[12px] leading-snug font-bold text-muted">
            Come back every day. Miss one and the streak starts over.
          </p>
        </div>
        <div className="relative mt-4 grid grid-cols-3 gap-2.5">
          {cards.map((card) => {
            const today = card.key === 'today';
            return (
              <article
                key={card.key}
                ref={today ? claimCard : undefined}
                aria-label={card.state === 'Missed' ? 'Missed day' : `Day ${card.day}`}
                data-testid={`daily-card-${card.key}`}
                data-state={card.state}
                className={cx(
                  'relative flex flex-col items-center rounded-2xl px-1.5 pt-2 pb-2 text-center ring-1',
                  card.state === 'Claim' &&
                    'bg-[linear-gradient(180deg,rgb(255_213_74/0.28),rgb(245_163_0/0.12))] ring-2 ring-gold-300 shadow-[0_0_22px_rgb(255_194_31/0.35)]',
                  card.state === 'Claimed' && 'bg-success-700/25 ring-success-400/45',
                  card.state === 'Missed' && 'bg-danger-800/30 ring-danger-400/40',
                  card.state === 'Coming Soon' && 'bg-night-950/45 ring-white/10',
                )}
              >
                <span className="text-[11px] font-black tracking-wide text-ink/80 uppercase">
                  {card.state === 'Missed' ? 'Yesterday' : `Day ${card.day}`}
                </span>
                <RewardArt
                  reward={card.reward}
                  className={cx(
                    'my-1.5 size-14',
                    card.state === 'Coming Soon' && 'opacity-60 saturate-50',
                    card.state === 'Missed' && 'opacity-50 grayscale',
                  )}
                />
                <span className="min-h-5 font-display text-[14px] leading-tight text-gold-200">
                  {card.state === 'Missed' ? 'Streak lost' : rewardText(card.reward)}
                </span>
                {card.state === 'Claim' ? (
                  <Button
                    size="sm"
                    className="mt-1.5 w-full"
                    disabled={claim.isPending}
                    onClick={() => onClaim(card)}
                    aria-label={`Claim day ${card.day}`}
                  >
                    {claim.isPending ? <Spinner className="size-5" label="Claiming" /> : 'Claim'}
                  </Button>
                ) : (
                  <span
                    className={cx(
                      'mt-1.5 w-full rounded-[12px] py-1.5 text-[12px] font-black uppercase',
                      card.state === 'Claimed' && 'bg-success-500/25 text-success-400',
                      card.state === 'Missed' && 'bg-danger-500/20 text-danger-400',
                      card.state === 'Coming Soon' && 'bg-white/6 text-muted',
                    )}
                  >
                    {card.state}
                  </span>
                )}
              </article>
            );
          })}
        </div>
      </div>

      <div className="panel rounded-[24px] p-3.5">
        <h3 className="px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
          Next 7 days
        </h3>
        <ol className="mt-2.5 grid grid-cols-7 gap-1.5" aria-label="Upcoming rewards">
          {strip.map((day, offset) => {
            const reward = rewardFor(view.rewards, day);
            const done = offset === 0 && view.state.claimed_today;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: day 30 repeats once capped
                key={offset}
                className={cx(
                  'flex flex-col items-center rounded-xl py-1.5 ring-1',
                  offset === 0 ? 'bg-gold-400/20 ring-gold-300/70' : 'bg-night-950/45 ring-white/8',
                )}
              >
                <span className="text-[10px] font-black text-muted">D{day}</span>
                <RewardArt reward={reward} className={cx('my-0.5 size-8', done && 'opacity-50')} />
                <span className="text-[10px] font-black text-gold-200">
                  {done ? '✓' : reward?.reward_type === 'coins' ? formatReward(reward.amount) : 'Item'}
                </span>
              </li>
            );
          })}
        </ol>
      </div>

      <Dialog
        open={claimed !== null}
        title={claimed ? `Day ${claimed.current_streak} Reward!` : ''}
        art={claimed ? <img src={claimed.image_url} alt="" className="size-20" /> : undefined}
        onClose={() => setClaimed(null)}
        actions={
          <Button size="lg" block onClick={() => setClaimed(null)}>
            Awesome
          </Button>
        }
      >
        {claimed && (
          <>
            <p className="text-[16px] text-ink/85">{claimed.name}</p>
            <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
              {claimed.reward_type === 'coins' && <GameIcon name="coin" className="size-6" />}
              <span className="font-display text-[22px] text-gold">
                {claimed.reward_type === 'coins'
                  ? `+${claimed.amount.toLocaleString('en-US')}`
                  : `×${claimed.amount}`}
              </span>
            </p>
            <p className="mt-3 text-[13px] text-muted">
              Streak: {claimed.current_streak} {claimed.current_streak === 1 ? 'day' : 'days'}. See you
              tomorrow!
            </p>
          </>
        )}
      </Dialog>
    </section>
  );
}
