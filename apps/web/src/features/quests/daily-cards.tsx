import { DAILY_REWARD_CAP_DAY } from '@titans/shared/constants';
import { formatReward } from '@titans/shared/quests/rules';
import type { DailyReward, DailyRewardsView } from '@titans/shared/quests/schemas';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';

export type CardState = 'Claimed' | 'Claim' | 'Missed' | 'Coming Soon';

export interface DayCard {
  key: string;
  day: number;
  state: CardState;
  reward: DailyReward | undefined;
}

export const rewardFor = (rewards: DailyReward[], day: number) =>
  rewards.find((reward) => reward.day === Math.min(day, DAILY_REWARD_CAP_DAY));

/** Three day cards around today, reading Claimed, Claim, Missed or Coming Soon. */
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

export function RewardArt({ reward, className }: { reward: DailyReward | undefined; className?: string }) {
  if (!reward) return <EmojiArt name="hourglass-not-done" className={className} />;
  return <img src={reward.image_url} alt="" aria-hidden draggable={false} className={className} />;
}

/** A day's reward as a card says it: "+1K" for coins, the item's name otherwise. */
export function rewardText(reward: DailyReward | undefined) {
  if (!reward) return '—';
  return reward.reward_type === 'coins' ? `+${formatReward(reward.amount)}` : reward.name;
}
