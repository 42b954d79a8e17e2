import { COMBO_BONUS_PERCENT } from '@titans/shared/constants';
import { useLayoutEffect, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { COMBO_TEXT, comboLevel, SUPER_COMBO_TEXT } from './combo-level.ts';

/**
 * The combo over the hero: a ×N badge from 5 taps, COMBO! with the 10%
 * bonus from 10, SUPER COMBO! from 20; gone 1.5 s after the last tap. Each tap bumps it.
 */
export function ComboBadge() {
  const combo = useBalance((state) => state.combo);
  const level = comboLevel(combo);
  const badge = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (combo > 0) {
      badge.current?.animate?.([{ transform: 'scale(1.18)' }, { transform: 'scale(1)' }], {
        duration: 160,
        easing: 'cubic-bezier(0.2, 1.4, 0.4, 1)',
      });
    }
  }, [combo]);

  return (
    <div aria-live="polite" className="pointer-events-none flex h-[58px] items-center justify-center">
      {level !== 'none' && (
        <div key={level} className="animate-pop-in" data-testid="combo-badge" data-level={level}>
          <div
            ref={badge}
            className={cx(
              'flex items-center gap-2 rounded-full px-3.5 py-1 ring-1',
              level === 'badge' && 'bg-night-950/70 ring-white/20',
              level === 'combo' &&
                'bg-[linear-gradient(180deg,rgb(255_213_74/0.3),rgb(245_147_0/0.25))] ring-gold-300/70 shadow-[0_0_22px_rgb(255_194_31/0.45)]',
              level === 'super' &&
                'bg-[linear-gradient(180deg,rgb(255_120_40/0.4),rgb(220_38_38/0.35))] ring-[#ffb347] shadow-[0_0_30px_rgb(255_110_40/0.65)] animate-combo-shake',
            )}
          >
            {level !== 'badge' && (
              <span
                className={cx(
                  'font-display leading-none tracking-[0.03em]',
                  level === 'combo' ? 'text-[26px] text-gold' : 'text-[28px] text-fire',
                )}
              >
                {level === 'super' ? SUPER_COMBO_TEXT() : COMBO_TEXT()}
              </span>
            )}
            <span className="font-display text-[20px] leading-none tabular-nums text-ink text-outline">
              ×{combo}
            </span>
            {level !== 'badge' && (
              <span className="rounded-full bg-white/20 px-1.5 py-0.5 text-[11px] font-black text-white">
                +{COMBO_BONUS_PERCENT}%
              </span>
            )}
            {level === 'badge' && (
              <span className="text-[12px] font-black tracking-wide text-muted uppercase">
                {t('comboBadge.combo')}
              </span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
