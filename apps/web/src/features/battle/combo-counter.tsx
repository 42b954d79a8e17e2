import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { useArena } from './arena-store.ts';

/** The combo counter (spec-b §2): shown from 2 taps in a row, gone 2.5 s after the last tap. */
export function ComboCounter() {
  const combo = useArena((s) => s.combo);
  const multiplier = useArena((s) => s.multiplier);
  const lastTapAt = useArena((s) => s.lastTapAt);
  const now = useNow(250, combo > 0);
  if (combo < 2 || now - lastTapAt > 2_500) return null;
  return (
    <div data-testid="combo" className="pointer-events-none absolute end-3 top-3 z-20 text-end">
      <p
        key={combo}
        className="font-display text-[30px] leading-none text-gold-300 text-outline animate-pop-in"
      >
        {t('comboCounter.combo', { combo })}
      </p>
      {multiplier > 1 && (
        <p
          className={cx(
            'mt-1 inline-block rounded-full px-2.5 py-0.5 font-display text-[16px] text-white text-outline',
            multiplier >= 3
              ? 'bg-danger-500 animate-combo-shake'
              : multiplier >= 2
                ? 'bg-fuchsia-600'
                : 'bg-energy-500',
          )}
        >
          {t('comboCounter.x', { multiplier })}
        </p>
      )}
    </div>
  );
}
