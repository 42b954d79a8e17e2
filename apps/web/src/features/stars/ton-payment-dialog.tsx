import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { CopyField } from './copy-field.tsx';
import { type TonPaid, useTonOrder } from './use-ton-order.ts';

export type { TonPaid } from './use-ton-order.ts';

const TonConnectPay = lazy(() => import('./ton-connect-pay.tsx'));

/**
 * Paying a package with TON (D-STARS-4): the server opens an order whose
 * comment identifies it; the player sends the TON from a wallet connected with TON Connect (the
 * app fills in amount, address and comment) or by hand, then the server verifies the transfer
 * on chain. A transfer sent by hand is confirmed with its hash.
 */
export function TonPaymentDialog({
  pkg,
  onClose,
  onPaid,
  onFailed,
  onEnterHash,
}: {
  pkg: DiamondPackage;
  onClose(): void;
  onPaid(paid: TonPaid): void;
  onFailed(message: string): void;
  onEnterHash(): void;
}) {
  const { order, error, setError, waiting, waitForChain } = useTonOrder(pkg, { onPaid, onFailed });
  return (
    <Dialog
      open
      title={t('tonPaymentDialog.payWithTon')}
      onClose={onClose}
      art={<img src={pkg.image_url} alt="" className="size-24 rounded-[22px] ring-2 ring-gold-300/70" />}
      actions={
        <>
          {order && !waiting && (
            <Suspense
              fallback={<Spinner className="mx-auto" label={t('tonPaymentDialog.loadingTonConnect')} />}
            >
              <TonConnectPay
                order={order}
                onSent={() => void waitForChain(order.purchase_id)}
                onError={() => setError(t('tonPaymentDialog.theWalletDidNot'))}
              />
            </Suspense>
          )}
          {order && (
            <Button variant="ghost" block disabled={waiting} onClick={onEnterHash}>
              {t('tonPaymentDialog.iSentItEnter')}
            </Button>
          )}
          <Button variant="ghost" block onClick={onClose}>
            {t('tonPaymentDialog.close')}
          </Button>
        </>
      }
    >
      <p>
        {t('tonPaymentDialog.send', { name: pkg.name })}{' '}
        <b className="text-gold">
          {pkg.price_crypto} {pkg.crypto_currency}
        </b>{' '}
        {t('tonPaymentDialog.withTheCommentBelow')}
      </p>
      {!order && !error && <Spinner className="mt-4" label={t('tonPaymentDialog.preparingYourOrder')} />}
      {order && (
        <>
          <CopyField
            label={t('tonPaymentDialog.amount')}
            value={`${order.price_crypto} ${order.crypto_currency}`}
          />
          <CopyField label={t('tonPaymentDialog.address')} value={order.address} />
          <CopyField label={t('tonPaymentDialog.comment')} value={order.order_id} />
        </>
      )}
      <TonWaitStatus waiting={waiting} error={error} />
    </Dialog>
  );
}

function TonWaitStatus({ waiting, error }: { waiting: boolean; error: string | null }) {
  return (
    <>
      {waiting && (
        <p className="mt-4 flex items-center justify-center gap-2 text-[14px] text-muted" role="status">
          <Spinner className="size-5" label={t('tonPaymentDialog.waitingForTheTon2')} />
          {t('tonPaymentDialog.waitingForTheTon')}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-[14px] font-bold text-danger-400">
          {error}
        </p>
      )}
    </>
  );
}
