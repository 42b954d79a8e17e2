import { CRYPTO_HASH_DISPLAY_EDGE, CRYPTO_HASH_DISPLAY_MAX } from '@titans/shared/constants';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { STARS_TEXTS } from './stars-texts.ts';
import type { CheckoutOutcome } from './use-stars-checkout.ts';

/** A hash longer than 13 characters shows as its first 6 and last 6. */
export function shortHash(hash: string): string {
  if (hash.length <= CRYPTO_HASH_DISPLAY_MAX) return hash;
  return `${hash.slice(0, CRYPTO_HASH_DISPLAY_EDGE)}...${hash.slice(-CRYPTO_HASH_DISPLAY_EDGE)}`;
}

/** Purchase Successful! and Purchase Failed (with Try Again). */
export function PurchaseResultDialogs({
  outcome,
  onClose,
}: {
  outcome: CheckoutOutcome | null;
  onClose(): void;
}) {
  if (outcome?.kind === 'success') {
    return (
      <Dialog
        open
        title={STARS_TEXTS.successTitle}
        onClose={onClose}
        art={<GameIcon name="star" className="size-20 animate-float" />}
        actions={
          <Button block size="lg" onClick={onClose}>
            {t('purchaseResultDialogs.awesome')}
          </Button>
        }
      >
        <p className="flex items-center justify-center gap-1.5 font-display text-[28px] text-gold">
          +{formatNumber(outcome.diamonds)}
          <GameIcon name="star" className="size-7" />
        </p>
        <p className="mt-1">
          {t('purchaseResultDialogs.addedToYourBalance', { packageName: outcome.packageName })}
        </p>
        {outcome.txHash && (
          <p className="mt-2 text-[13px] text-muted">
            {t('purchaseResultDialogs.transaction')}
            <span className="font-mono text-ink">{shortHash(outcome.txHash)}</span>
          </p>
        )}
      </Dialog>
    );
  }
  if (outcome?.kind === 'failure') {
    return (
      <Dialog
        open
        title={STARS_TEXTS.failureTitle}
        onClose={onClose}
        art={<EmojiArt name="warning" className="size-20" />}
        actions={
          <>
            {outcome.retry && (
              <Button
                block
                onClick={() => {
                  onClose();
                  outcome.retry?.();
                }}
              >
                {STARS_TEXTS.tryAgain}
              </Button>
            )}
            <Button variant="ghost" block onClick={onClose}>
              {t('purchaseResultDialogs.close')}
            </Button>
          </>
        }
      >
        <p>{outcome.message || STARS_TEXTS.unknownError}</p>
      </Dialog>
    );
  }
  return null;
}
