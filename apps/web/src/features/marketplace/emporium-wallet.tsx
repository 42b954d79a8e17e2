import { useCurrentUser } from '../../api/user/get-user.ts';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';

function BalanceChip({ icon, value, label }: { icon: 'coin' | 'star'; value: string; label: string }) {
  return (
    <span className="flex items-center gap-1 rounded-full bg-night-950/75 py-0.5 pr-2.5 pl-0.5 shadow-[inset_0_1px_0_rgb(255_255_255/0.12)] ring-1 ring-gold-300/25">
      <GameIcon name={icon} className="size-[22px]" />
      <span
        className="font-display text-[15px] leading-none tabular-nums text-ink"
        data-testid={`emporium-${icon}`}
      >
        {value}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * The player's gold and Stars in the shop: gold is the live total Home shows (it drops the moment
 * a purchase is paid), Stars the account's gems (statusUpdated refreshes them).
 */
export function EmporiumWallet() {
  const { data: user } = useCurrentUser();
  const coins = useBalance((state) => state.coins);
  const synced = useBalance((state) => state.synced);
  return (
    <div className="flex shrink-0 gap-1.5">
      <BalanceChip icon="coin" value={formatNumber(synced ? coins : (user?.coins ?? 0))} label="Gold" />
      <BalanceChip icon="star" value={formatNumber(user?.gems ?? 0)} label="Stars" />
    </div>
  );
}
