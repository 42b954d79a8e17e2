import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { purchaseWithCrypto } from './api/purchase-with-crypto.ts';
import type { Sheet } from './stars-sheets.tsx';
import { STARS_TEXTS } from './stars-texts.ts';
import type { TonPaid } from './ton-payment-dialog.tsx';
import type { useStarsCheckout } from './use-stars-checkout.ts';

/**
 * How a TON payment ends on the Stars screen: a wallet send the chain showed,
 * or a pasted hash the server checked; the success or failure dialog either way.
 */
export function useCryptoPayments({
  telegramUserId,
  checkout,
  close,
  setSheet,
}: {
  telegramUserId: string;
  checkout: ReturnType<typeof useStarsCheckout>;
  close(): void;
  setSheet(sheet: Sheet): void;
}) {
  const succeeded = (pkg: DiamondPackage, diamonds: number, txHash: string | null) => {
    haptics.success();
    audioEngine.play('success');
    close();
    checkout.showOutcome({ kind: 'success', diamonds, packageName: pkg.name, ...(txHash ? { txHash } : {}) });
  };

  const submitHash = async (pkg: DiamondPackage, hash: string) => {
    try {
      const result = await purchaseWithCrypto(telegramUserId, pkg, hash);
      succeeded(pkg, result.diamonds_credited, hash);
    } catch (error) {
      haptics.error();
      audioEngine.play('error');
      close();
      checkout.showOutcome({
        kind: 'failure',
        message: isApiError(error) && error.message ? error.message : STARS_TEXTS.purchaseFailed,
        retry: () => setSheet({ kind: 'hash', pkg }),
      });
    } finally {
      checkout.refresh();
    }
  };

  return {
    submitHash,
    tonPaid(pkg: DiamondPackage, paid: TonPaid) {
      checkout.refresh();
      succeeded(pkg, paid.diamonds, paid.txHash);
    },
    tonFailed(message: string) {
      close();
      checkout.showOutcome({ kind: 'failure', message });
    },
  };
}
