import type { ReactNode } from 'react';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useCountedNumber } from '../../lib/use-counted-number.ts';
import { useCurrentUser } from '../users/api/get-user.ts';

function BalanceChip({
  icon,
  children,
  label,
}: {
  icon: 'coin' | 'star';
  children: ReactNode;
  label: string;
}) {
  return (
    <span className="flex items-center gap-1 rounded-full bg-night-950/75 py-0.5 pe-2.5 ps-0.5 shadow-[inset_0_1px_0_rgb(255_255_255/0.12)] ring-1 ring-gold-300/25">
      <GameIcon name={icon} className="size-[22px]" />
      {children}
      <span className="sr-only">{label}</span>
    </span>
  );
}

const FIGURE = 'font-display text-[15px] leading-none tabular-nums text-ink';

/**
 * The player's Coins and Stars in the shop: Coins are the live total Home shows (it counts down the
 * moment a purchase, or a battle's stake, is paid), Stars the account's gems (statusUpdated
 * refreshes them).
 */
export function EmporiumWallet() {
  const { data: user } = useCurrentUser();
  const coins = useBalance((state) => state.coins);
  const synced = useBalance((state) => state.synced);
  const gold = useCountedNumber<HTMLSpanElement>(synced ? coins : (user?.coins ?? 0));
  return (
    <div className="flex shrink-0 gap-1.5">
      <BalanceChip icon="coin" label={t('emporiumWallet.coins')}>
        <span ref={gold} className={FIGURE} data-testid="emporium-coin" />
      </BalanceChip>
      <BalanceChip icon="star" label={t('emporiumWallet.stars')}>
        <span className={FIGURE} data-testid="emporium-star">
          {formatNumber(user?.gems ?? 0)}
        </span>
      </BalanceChip>
    </div>
  );
}
