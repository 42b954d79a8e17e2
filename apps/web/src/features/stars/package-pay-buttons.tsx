import type { DiamondPackage, PaymentMethods } from '@titans/shared/stars/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../lib/format-number.ts';
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
          icon={buying ? <Spinner className="size-5" label="Opening invoice" /> : undefined}
        >
          {/* The game's Stars bought for Telegram's: both named at the point of payment (D-UI-3). */}
          {/* One line down to 320 px: the label is long (D-UI-5). */}
          <span className="inline-flex items-center gap-1 whitespace-nowrap max-[359px]:text-[17px]">
            {`Buy ${formatNumber(pkg.diamond_amount)} Stars for ${formatNumber(pkg.price_usd)}`}
            <TelegramStar tone="ink" className="size-5" />
            <span className="sr-only"> Telegram Stars</span>
          </span>
        </Button>
      )}
      {stars === 'development' && (
        <p className="text-[12px] font-bold text-energy-300">
          Development mode: a test payment, no real Telegram Stars.
        </p>
      )}
      {methods?.ton && (
        <Button variant="secondary" block disabled={buying} onClick={() => onPayWithTon(pkg)}>
          {`Pay ${pkg.price_crypto} ${pkg.crypto_currency}`}
        </Button>
      )}
      {methods && methods.stars === null && !methods.ton && (
        <p role="status" className="text-[14px] font-bold text-muted">
          Buying Stars is not available right now.
        </p>
      )}
    </>
  );
}
