import type { ItemCurrency } from '@titans/shared/marketplace/schemas';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** A price with its currency: a coin for Coins (gold), a star for Stars (diamonds). */
export function PriceTag({
  price,
  currency,
  className,
  iconClassName,
}: {
  price: number;
  currency: ItemCurrency;
  className?: string;
  iconClassName?: string;
}) {
  const stars = currency === 'diamonds';
  return (
    <span
      className={cx('inline-flex items-center gap-1 font-display tabular-nums', className)}
      data-currency={stars ? 'stars' : 'gold'}
    >
      <GameIcon name={stars ? 'star' : 'coin'} className={cx('size-[1.15em]', iconClassName)} />
      <span>{formatNumber(price)}</span>
      <span className={'sr-only'}>{stars ? t('priceTag.stars') : t('priceTag.coins')}</span>
    </span>
  );
}
