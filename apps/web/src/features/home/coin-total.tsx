import { useRef } from 'react';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useCountedNumber } from '../../lib/use-counted-number.ts';

/**
 * The coin total, large, with the pending badge under it (coins shown but not yet written by
 * the server; hidden at 0). The number is written straight into its text node: it changes up
 * to 20 times a second, and when the server holds fewer coins (a battle's stake, a purchase, taps
 * it took back) it counts down instead of jumping (decisions D-WEB-7).
 */
export function CoinTotal() {
  const coins = useBalance((state) => state.coins);
  const pending = useBalance((state) => state.pending);
  const coin = useRef<HTMLSpanElement>(null);
  const number = useCountedNumber<HTMLSpanElement>(coins, () =>
    coin.current?.animate?.(
      [{ transform: 'scale(1)' }, { transform: 'scale(1.14) rotate(-6deg)' }, { transform: 'scale(1)' }],
      { duration: 180, easing: 'ease-out' },
    ),
  );

  return (
    <div className="flex flex-col items-center">
      <div data-layout="coin-total" className="flex h-[52px] items-center gap-2.5 short:h-11">
        <span ref={coin} className="inline-block">
          <GameIcon
            name="coin"
            className="size-12 drop-shadow-[0_4px_12px_rgb(255_170_0/0.6)] short:size-10"
          />
        </span>
        <span className="sr-only">{t('coinTotal.coins')}</span>
        <span
          ref={number}
          data-testid="coin-total"
          // Room for the connection dot and the music button beside it (44 px each side) and the
          // coin (58 px), at any balance and any width: a digit of Lilita One is under 0.56 em.
          style={{ '--chars': formatNumber(coins).length }}
          className="font-display text-[min(46px,calc((100cqw-146px)/(var(--chars)*0.56)))] leading-none tabular-nums text-ink text-outline short:text-[min(40px,calc((100cqw-146px)/(var(--chars)*0.56)))]"
        />
      </div>
      <div className="flex h-7 items-center short:h-6">
        <span
          data-testid="pending-badge"
          aria-hidden={pending === 0}
          className={cx(
            'flex items-center gap-1.5 rounded-full bg-night-950/70 py-0.5 pe-2.5 ps-2 text-[13px] font-extrabold text-gold-200 ring-1 ring-gold-300/40',
            pending === 0 && 'invisible',
          )}
        >
          <span className="size-1.5 rounded-full bg-gold-300 animate-pulse-dot" />
          <span className="tabular-nums">+{formatNumber(pending)}</span>
          <span className="text-gold-200/75">{t('coinTotal.pending')}</span>
        </span>
      </div>
    </div>
  );
}
