import type { DiamondPackage, PaymentMethods } from '@titans/shared/stars/schemas';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { TelegramStar } from './telegram-star.tsx';

/**
 * One package in the grid: its picture, discount badge, Stars it gives and its price in Telegram
 * Stars, or in TON when only TON is taken. When this server can take no payment the price gives
 * way to "Not for sale" (W23): no price that reads as a buy button.
 */
export function PackageCard({
  pkg,
  busy,
  methods,
  onOpen,
}: {
  pkg: DiamondPackage;
  busy: boolean;
  /** Undefined while the server has not said: the price in Telegram Stars shows. */
  methods: PaymentMethods | undefined;
  onOpen(): void;
}) {
  const unavailable = methods !== undefined && methods.stars === null && !methods.ton;
  const tonOnly = methods !== undefined && methods.stars === null && methods.ton;
  const price = unavailable
    ? t('packageCard.notForSaleHere')
    : tonOnly
      ? t('packageCard.forCrypto', { price: pkg.price_crypto, currency: pkg.crypto_currency })
      : t('packageCard.forStars', { stars: formatNumber(pkg.price_usd) });
  return (
    <button
      type="button"
      aria-label={t('packageCard.stars', {
        name: pkg.name,
        diamond_amount: formatNumber(pkg.diamond_amount),
        price,
      })}
      data-testid={`package-${pkg._id}`}
      onClick={() => {
        haptics.light();
        onOpen();
      }}
      className={cx(
        'panel group relative flex flex-col overflow-hidden rounded-3xl p-2 text-start transition-transform active:scale-[0.97]',
        pkg.discount_percentage >= 20 && 'ring-1 ring-gold-300/60',
      )}
    >
      <div className="relative aspect-square w-full overflow-hidden rounded-[20px]">
        <img src={pkg.image_url} alt="" draggable={false} className="size-full object-cover" />
        {pkg.discount_percentage > 0 && (
          <span className="absolute top-1.5 end-1.5 rotate-6 rounded-full bg-[linear-gradient(180deg,#ff8a8a,#e93a3a)] px-2 py-0.5 font-display text-[13px] text-white shadow-[0_2px_0_#8f1d1d] text-outline">
            -{pkg.discount_percentage}%
          </span>
        )}
        {busy && (
          <div className="absolute inset-0 grid place-items-center bg-night-950/55">
            <Spinner label={t('packageCard.openingInvoice')} />
          </div>
        )}
      </div>
      <div className="px-1 pt-2">
        <h3 className="truncate font-display text-[16px] leading-tight text-ink">{pkg.name}</h3>
        <p className="mt-0.5 flex items-center gap-1 text-[13px] font-black text-gold-200 tabular-nums">
          <GameIcon name="star" className="size-4" />
          {formatNumber(pkg.diamond_amount)}
        </p>
      </div>
      {unavailable ? (
        <span
          className="mt-2 flex items-center justify-center rounded-2xl bg-white/[0.07] py-1.5 text-[13px] font-black text-muted ring-1 ring-white/10"
          data-testid="package-unavailable"
        >
          {t('packageCard.notForSale')}
        </span>
      ) : tonOnly ? (
        <span className="mt-2 flex items-center justify-center gap-1 rounded-2xl bg-[linear-gradient(180deg,#8fd8ff,#2a8fd8)] py-1.5 font-display text-[15px] text-[#08284a] shadow-[0_3px_0_#145a8f]">
          {`${pkg.price_crypto} ${pkg.crypto_currency}`}
        </span>
      ) : (
        <span className="mt-2 flex items-center justify-center gap-1 rounded-2xl bg-[linear-gradient(180deg,#fff0a8_0%,#ffd54a_28%,#ffb416_70%,#f59300_100%)] py-1.5 font-display text-[16px] text-[#4a2300] shadow-[0_3px_0_#a85a00]">
          <TelegramStar tone="ink" className="size-4" />
          {formatNumber(pkg.price_usd)}
        </span>
      )}
    </button>
  );
}
