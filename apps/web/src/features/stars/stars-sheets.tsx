import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { CryptoHashDialog } from './crypto-hash-dialog.tsx';
import { DevelopmentInvoiceDialog } from './development-invoice-dialog.tsx';
import { PackageDetailDialog } from './package-detail-dialog.tsx';
import { PurchaseResultDialogs } from './purchase-result-dialogs.tsx';
import { TonPaymentDialog } from './ton-payment-dialog.tsx';
import { useCryptoPayments } from './use-crypto-payments.ts';
import type { useStarsCheckout } from './use-stars-checkout.ts';

/** Which payment sheet is open over the Stars screen. */
export type Sheet =
  | { kind: 'detail'; pkg: DiamondPackage }
  | { kind: 'ton'; pkg: DiamondPackage }
  | { kind: 'hash'; pkg: DiamondPackage }
  | null;

/**
 * The Stars screen's dialogs: the package detail, the development invoice
 * (D-STARS-14), paying with TON, the confirm-with-hash dialog and the success / failure dialogs.
 */
export function StarsSheets({
  sheet,
  setSheet,
  checkout,
  telegramUserId,
}: {
  sheet: Sheet;
  setSheet(sheet: Sheet | ((open: Sheet) => Sheet)): void;
  checkout: ReturnType<typeof useStarsCheckout>;
  telegramUserId: string;
}) {
  const crypto = useCryptoPayments({ telegramUserId, checkout, close: () => setSheet(null), setSheet });
  const buy = (pkg: DiamondPackage, development: boolean) => {
    void checkout
      .buyWithStars(pkg, development)
      .then(() => setSheet((open) => (open?.kind === 'detail' ? null : open)));
  };
  return (
    <>
      {sheet?.kind === 'detail' && !checkout.developmentInvoice && (
        <PackageDetailDialog
          pkg={sheet.pkg}
          buying={checkout.pendingId !== null}
          onClose={() => setSheet(null)}
          onBuyWithStars={buy}
          onPayWithTon={(pkg) => setSheet({ kind: 'ton', pkg })}
        />
      )}
      {checkout.developmentInvoice && <DevelopmentInvoiceDialog request={checkout.developmentInvoice} />}
      {sheet?.kind === 'ton' && (
        <TonPaymentDialog
          pkg={sheet.pkg}
          onClose={() => setSheet(null)}
          onEnterHash={() => setSheet({ kind: 'hash', pkg: sheet.pkg })}
          onPaid={(paid) => crypto.tonPaid(sheet.pkg, paid)}
          onFailed={crypto.tonFailed}
        />
      )}
      {sheet?.kind === 'hash' && (
        <CryptoHashDialog
          onSubmit={(hash) => crypto.submitHash(sheet.pkg, hash)}
          onClose={() => setSheet(null)}
        />
      )}
      <PurchaseResultDialogs outcome={checkout.outcome} onClose={checkout.clearOutcome} />
    </>
  );
}
