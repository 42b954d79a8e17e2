import type { ReactNode } from 'react';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-1 flex-col items-center rounded-2xl bg-white/[0.05] py-2 ring-1 ring-white/10">
      <span
        className="flex items-center gap-1 font-display text-[20px] leading-none text-ink"
        data-testid={testId}
      >
        {value}
      </span>
      <span className="mt-1 text-[10px] font-black tracking-[0.14em] text-muted uppercase">{label}</span>
    </div>
  );
}

/** The invite screen's three tiles: friends invited, Coins they earned the player, the balance. */
export function InviteStats({
  friends,
  earned,
  coins,
}: {
  friends: number | undefined;
  earned: number;
  coins: number;
}) {
  return (
    <div className="mt-3 flex gap-2">
      <Stat label={t('inviteStats.friends')} value={friends ?? '—'} testId="referral-count" />
      <Stat
        label={t('inviteStats.earned')}
        value={
          <>
            <GameIcon name="coin" className="size-5" />
            {formatNumber(earned)}
          </>
        }
      />
      <Stat
        label={t('inviteStats.balance')}
        value={
          <>
            <GameIcon name="coin" className="size-5" />
            {formatNumber(coins)}
          </>
        }
        testId="invite-balance"
      />
    </div>
  );
}
