import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useDiamondPackage } from './api/get-diamond-package.ts';
import { usePaymentMethods } from './api/get-payment-methods.ts';
import { PackagePayButtons } from './package-pay-buttons.tsx';
import { STARS_TEXTS } from './stars-texts.ts';

/**
 * A package detail view: the package as the server has it now (GET
 * /diamond/packages/{id}), with the ways to pay the server can take (PackagePayButtons).
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
  onBuyWithStars(pkg: DiamondPackage, development: boolean): void;
  onPayWithTon(pkg: DiamondPackage): void;
}) {
  const detail = useDiamondPackage(pkg._id, pkg);
  const current = detail.data ?? pkg;
  // Unknown (the call failed): offer both and let the server answer, as before D-STARS-14.
  const methods = usePaymentMethods();
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
          <PackagePayButtons
            pkg={current}
            methods={methods.data ?? (methods.isError ? { stars: 'telegram', ton: true } : undefined)}
            buying={buying}
            onBuyWithStars={onBuyWithStars}
            onPayWithTon={onPayWithTon}
          />
          <Button variant="ghost" block disabled={buying} onClick={onClose}>
            {t('packageDetailDialog.close')}
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
      <p className="mt-1 text-[12px] font-black tracking-[0.16em] text-gold-200/90 uppercase">
        {t('packageDetailDialog.stars')}
      </p>
      {current.discount_percentage > 0 && (
        <p className="mt-2 inline-block rounded-full bg-danger-500/20 px-3 py-0.5 text-[13px] font-black text-danger-400 ring-1 ring-danger-400/40">
          {t('packageDetailDialog.off', { discount_percentage: current.discount_percentage })}
        </p>
      )}
      {detail.isError && <p className="mt-2 text-[13px] text-danger-400">{STARS_TEXTS.packageFailed}</p>}
    </Dialog>
  );
}
