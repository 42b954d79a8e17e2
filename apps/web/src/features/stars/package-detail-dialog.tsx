import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { useDiamondPackage } from './api/get-diamond-package.ts';
import { STARS_TEXTS } from './stars-texts.ts';
import { TelegramStar } from './telegram-star.tsx';

/**
 * spec-a §2 "A package detail view": the package as the server has it now (GET
 * /diamond/packages/{id}), with Buy (Telegram Stars) and, where TON is offered, Pay with TON.
 */
export function PackageDetailDialog({
  pkg,
  buying,
  onClose,
  onBuyWithStars,
  onPayWithTon,
}: {
  pkg: DiamondPackage;
  buying: boolean;
  onClose(): void;
  onBuyWithStars(pkg: DiamondPackage): void;
  onPayWithTon(pkg: DiamondPackage): void;
}) {
  const detail = useDiamondPackage(pkg._id, pkg);
  const current = detail.data ?? pkg;
  return (
    <Dialog
      open
      title={current.name}
      onClose={buying ? undefined : onClose}
      art={
        <img
          src={current.image_url}
          alt=""
          className="size-24 rounded-[22px] shadow-[0_10px_24px_rgb(0_0_0/0.5)] ring-2 ring-gold-300/70"
        />
      }
      actions={
        <>
          <Button
            block
            size="lg"
            disabled={buying}
            onClick={() => onBuyWithStars(current)}
            icon={buying ? <Spinner className="size-5" label="Opening invoice" /> : undefined}
          >
            {/* The game's Stars bought for Telegram's: both named at the point of payment (D-UI-3). */}
            <span className="inline-flex items-center gap-1">
              {`Buy ${formatNumber(current.diamond_amount)} Stars for ${formatNumber(current.price_usd)}`}
              <TelegramStar tone="ink" className="size-5" />
              <span className="sr-only"> Telegram Stars</span>
            </span>
          </Button>
          <Button variant="secondary" block disabled={buying} onClick={() => onPayWithTon(current)}>
            {`Pay ${current.price_crypto} ${current.crypto_currency}`}
          </Button>
          <Button variant="ghost" block disabled={buying} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p>{current.description}</p>
      <div className="mt-4 flex items-center justify-center gap-2">
        <GameIcon name="star" className="size-9 drop-shadow-[0_0_8px_rgb(255_213_74/0.6)]" />
        <span className="font-display text-[34px] leading-none tabular-nums text-ink text-outline">
          {formatNumber(current.diamond_amount)}
        </span>
      </div>
      <p className="mt-1 text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">Stars</p>
      {current.discount_percentage > 0 && (
        <p className="mt-2 inline-block rounded-full bg-danger-500/20 px-3 py-0.5 text-[13px] font-black text-danger-400 ring-1 ring-danger-400/40">
          {current.discount_percentage}% off
        </p>
      )}
      {detail.isError && <p className="mt-2 text-[13px] text-danger-400">{STARS_TEXTS.packageFailed}</p>}
    </Dialog>
  );
}
