import type { DiamondPackage, PaymentMethods } from '@titans/shared/stars/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { TelegramStar } from './telegram-star.tsx';

/**
 * A package's ways to pay, only those the server can take (D-STARS-14): Telegram Stars (or, in
 * development mode without a bot, the labelled development invoice) and TON when a wallet is set.
 */
export function PackagePayButtons({
  pkg,
  methods,
  buying,
  onBuyWithStars,
  onPayWithTon,
}: {
  pkg: DiamondPackage;
  /** Undefined while the server has not said: Buy waits. */
  methods: PaymentMethods | undefined;
  buying: boolean;
  onBuyWithStars(pkg: DiamondPackage, development: boolean): void;
  onPayWithTon(pkg: DiamondPackage): void;
}) {
  const stars = methods?.stars;
  return (
    <>
      {stars !== null && (
        <Button
          block
          size="lg"
          disabled={buying || stars === undefined}
          onClick={() => onBuyWithStars(pkg, stars === 'development')}
          icon={
            buying ? <Spinner className="size-5" label={t('packagePayButtons.openingInvoice')} /> : undefined
          }
        >
          {/* The game's Stars bought for Telegram's: both named at the point of payment (D-UI-3). */}
          {/* One line down to 320 px: the label is long (D-UI-5). */}
          <span className="inline-flex items-center gap-1 whitespace-nowrap max-[359px]:text-[17px]">
            {t('packagePayButtons.buyStarsFor', {
              diamond_amount: formatNumber(pkg.diamond_amount),
              price_usd: formatNumber(pkg.price_usd),
            })}
            <TelegramStar tone="ink" className="size-5" />
            <span className="sr-only">{t('packagePayButtons.telegramStars')}</span>
          </span>
        </Button>
      )}
      {stars === 'development' && (
        <p className="text-[12px] font-bold text-energy-300">{t('packagePayButtons.developmentModeATest')}</p>
      )}
      {methods?.ton && (
        <Button variant="secondary" block disabled={buying} onClick={() => onPayWithTon(pkg)}>
          {t('packagePayButtons.pay', {
            price_crypto: pkg.price_crypto,
            crypto_currency: pkg.crypto_currency,
          })}
        </Button>
      )}
      {methods && methods.stars === null && !methods.ton && (
        <p role="status" className="text-[14px] font-bold text-muted">
          {t('packagePayButtons.buyingStarsIsNot')}
        </p>
      )}
    </>
  );
}
