import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * Why a price button is disabled, said before any confirm step (decisions: D-UI-4): how much of
 * which currency is missing, and a way to earn or buy it (`action`, a link).
 */
export function ShortfallNote({
  id,
  currency,
  missing,
  action,
  className,
}: {
  id?: string;
  currency: 'Coins' | 'Stars';
  missing: number;
  action: ReactNode;
  className?: string;
}) {
  return (
    <div
      id={id}
      data-testid="shortfall"
      className={cx(
        'flex items-center gap-2 rounded-2xl bg-danger-600/25 px-3 py-1.5 ring-1 ring-danger-400/40',
        className,
      )}
    >
      <p className="flex-1 text-[13px] leading-snug font-bold text-danger-400">
        {t('shortfallNote.notEnoughMoreNeeded', { currency, missing: formatNumber(missing) })}
      </p>
      {action}
    </div>
  );
}

/** The link beside a shortfall: a small pill, as the page's other ghost buttons. */
export const SHORTFALL_LINK =
  'shrink-0 rounded-full bg-white/10 px-3 py-1.5 text-[13px] font-black text-ink ring-1 ring-white/20 active:scale-95';
