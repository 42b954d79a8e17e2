import type { Profile } from '@titans/shared/user/schemas';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatCompact, formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

function Stat({
  art,
  label,
  value,
  testId,
}: {
  art: EmojiName;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="panel flex flex-col items-center rounded-2xl px-2 py-3 text-center" data-testid={testId}>
      <EmojiArt name={art} className="size-8 drop-shadow-[0_4px_6px_rgb(0_0_0/0.4)]" />
      <span className="mt-1.5 font-display text-[22px] leading-none text-ink tabular-nums">{value}</span>
      <span className="mt-1 text-[11px] leading-tight font-black tracking-[0.08em] text-muted uppercase">
        {label}
      </span>
    </div>
  );
}

/**
 * Profile stats: Total Battle, Battle Win, Win Rate (%), Coins Earned (x.xk from 1000 up)
 * and Task Completed, as the server computes them from its records.
 */
export function ProfileStats({ profile }: { profile: Profile | undefined }) {
  if (!profile) {
    return (
      <div className="grid grid-cols-3 gap-2" role="status" aria-label={t('profileStats.loadingStats')}>
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-[92px] rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <section className="grid grid-cols-3 gap-2" aria-label={t('profileStats.stats')}>
      <Stat
        art="crossed-swords"
        label={t('profileStats.totalBattle')}
        value={formatNumber(profile.totalBattles)}
        testId="stat-battles"
      />
      <Stat
        art="trophy"
        label={t('profileStats.battleWin')}
        value={formatNumber(profile.battlesWon)}
        testId="stat-wins"
      />
      <Stat
        art="fire"
        label={t('profileStats.winRate')}
        value={`${profile.winRate}%`}
        testId="stat-win-rate"
      />
      <Stat
        art="money-bag"
        label={t('profileStats.coinsEarned')}
        value={formatCompact(profile.totalCoinsEarned)}
        testId="stat-coins-earned"
      />
      <Stat
        art="scroll"
        label={t('profileStats.taskCompleted')}
        value={formatNumber(profile.tasksCompleted)}
        testId="stat-tasks"
      />
      <Stat
        art="handshake"
        label={t('profileStats.totalReferral')}
        value={formatNumber(profile.totalReferrals)}
        testId="stat-referrals"
      />
    </section>
  );
}
