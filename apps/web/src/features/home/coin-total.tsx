import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';

/** The player's coins, large, at the top of Home. */
export function CoinTotal({ coins }: { coins: number }) {
  return (
    <div className="flex flex-col items-center">
      <div className="flex items-center gap-2.5">
        <GameIcon name="coin" className="size-11 drop-shadow-[0_4px_10px_rgb(255_170_0/0.55)]" />
        <span className="sr-only">Coins:</span>
        <span
          className="font-display text-[44px] leading-none tabular-nums text-ink text-outline"
          data-testid="coin-total"
        >
          {formatNumber(coins)}
        </span>
      </div>
    </div>
  );
}
