import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { PriceTag } from './price-tag.tsx';
import type { Product } from './product.ts';
import { PURCHASE_TEXTS, type PurchaseFailure } from './purchase-texts.ts';
import { rarityStyle } from './rarity-style.ts';
import { ProductPicture } from './shop-card.tsx';

function ProductMedallion({ product }: { product: Product }) {
  const style = rarityStyle(product.rarity);
  return (
    <span
      className={cx(
        'relative grid size-24 place-items-center overflow-hidden rounded-[22px] ring-2 shadow-[0_10px_24px_rgb(0_0_0/0.5)]',
        style.ring,
        style.face,
      )}
    >
      <span aria-hidden className={cx('absolute inset-0', style.glow)} />
      <ProductPicture product={product} />
    </span>
  );
}

export type PurchaseStep =
  | { step: 'idle' }
  | { step: 'confirm' }
  | { step: 'paying' }
  | { step: 'success' }
  | { step: 'failure'; failure: PurchaseFailure };

export interface PurchaseDialogsProps {
  product: Product;
  state: PurchaseStep;
  onPay(): void;
  onCancel(): void;
  onDone(): void;
}

/**
 * spec-b §2 and §8: Confirm Your Purchase (Pay with the price, Cancel Purchase), then Purchase
 * Successful! or Purchase Failed with the spec's texts; Close after an already-own answer,
 * Try Again otherwise.
 */
/** Pay with the price on it, a spinner while the purchase runs. */
function PayButton({ product, paying, onPay }: { product: Product; paying: boolean; onPay(): void }) {
  return (
    <Button
      block
      size="lg"
      onClick={onPay}
      disabled={paying}
      aria-label={t('purchaseDialogs.pay2', { price: product.price })}
    >
      {paying ? (
        <Spinner className="size-6" label={t('purchaseDialogs.paying')} />
      ) : (
        <span className="flex items-center gap-2">
          {t('purchaseDialogs.pay')}
          <PriceTag price={product.price} currency={product.currency} />
        </span>
      )}
    </Button>
  );
}

export function PurchaseDialogs({ product, state, onPay, onCancel, onDone }: PurchaseDialogsProps) {
  const confirming = state.step === 'confirm' || state.step === 'paying';
  const paying = state.step === 'paying';
  return (
    <>
      <Dialog
        open={confirming}
        title={PURCHASE_TEXTS.confirmTitle}
        onClose={paying ? undefined : onCancel}
        art={<ProductMedallion product={product} />}
        actions={
          <>
            <PayButton product={product} paying={paying} onPay={onPay} />
            <Button variant="ghost" block onClick={onCancel} disabled={paying}>
              {PURCHASE_TEXTS.cancel}
            </Button>
          </>
        }
      >
        <p className="font-display text-[19px] text-ink">{product.name}</p>
        <p className="mt-1 text-[14px] text-muted">
          {product.type === 'boost'
            ? t('purchaseDialogs.itsEffectStartsRight')
            : t('purchaseDialogs.itIsYoursTo')}
        </p>
      </Dialog>

      <Dialog
        open={state.step === 'success'}
        title={PURCHASE_TEXTS.successTitle}
        onClose={onDone}
        art={<EmojiArt name="party-popper" className="size-20 animate-pop-in" />}
        actions={
          <Button block size="lg" onClick={onDone}>
            {t('purchaseDialogs.awesome')}
          </Button>
        }
      >
        <p className="font-display text-[18px] text-gold-100">{product.name}</p>
        <p className="mt-1">
          {product.kind === 'character' ? PURCHASE_TEXTS.characterAdded : PURCHASE_TEXTS.itemAdded}
        </p>
      </Dialog>

      <Dialog
        open={state.step === 'failure'}
        title={PURCHASE_TEXTS.failureTitle}
        onClose={onDone}
        art={<EmojiArt name="warning" className="size-20" />}
        actions={
          <Button
            variant={state.step === 'failure' && state.failure.alreadyOwned ? 'ghost' : 'secondary'}
            block
            onClick={onDone}
          >
            {state.step === 'failure' && state.failure.alreadyOwned
              ? PURCHASE_TEXTS.close
              : PURCHASE_TEXTS.tryAgain}
          </Button>
        }
      >
        {state.step === 'failure' && (
          <>
            <p className="text-[16px] font-extrabold text-ink">{state.failure.message}</p>
            {state.failure.note && <p className="mt-2 text-[14px] text-muted">{state.failure.note}</p>}
          </>
        )}
      </Dialog>
    </>
  );
}
