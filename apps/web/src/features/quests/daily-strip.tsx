import { DAILY_REWARD_CAP_DAY, DAILY_STRIP_DAYS } from '@titans/shared/constants';
import { formatReward } from '@titans/shared/quests/rules';
import type { DailyRewardsView } from '@titans/shared/quests/schemas';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { RewardArt, rewardFor } from './daily-cards.tsx';

/** The 7-day strip of upcoming rewards, capped at day 30. */
export function DailyStrip({ view }: { view: DailyRewardsView }) {
  const strip = Array.from({ length: DAILY_STRIP_DAYS }, (_, offset) =>
    Math.min(view.state.today_day + offset, DAILY_REWARD_CAP_DAY),
  );
  return (
    <div className="panel rounded-[24px] p-3.5">
      <h3 className="px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
        {t('dailyStrip.next7Days')}
      </h3>
      <ol className="mt-2.5 grid grid-cols-7 gap-1.5" aria-label={t('dailyStrip.upcomingRewards')}>
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
              <span className="text-[10px] font-black text-muted">{t('dailyStrip.d', { day })}</span>
              <RewardArt reward={reward} className={cx('my-0.5 size-8', done && 'opacity-50')} />
              <span className="text-[10px] font-black text-gold-200">
                {done
                  ? '✓'
                  : reward?.reward_type === 'coins'
                    ? formatReward(reward.amount)
                    : t('dailyStrip.item')}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
