import { TON_CHECK_INTERVAL_MS, TON_CHECK_WAIT_MS } from '@titans/shared/constants';
import type { DiamondPackage, TonOrder } from '@titans/shared/stars/schemas';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { checkTonOrder } from './api/check-ton-order.ts';
import { createTonOrder } from './api/create-ton-order.ts';
import { CopyField } from './copy-field.tsx';

const TonConnectPay = lazy(() => import('./ton-connect-pay.tsx'));

export interface TonPaid {
  diamonds: number;
  txHash: string | null;
}

/**
 * Paying a package with TON (spec-a §4 "crypto"; D-STARS-4): the server opens an order whose
 * comment identifies it; the player sends the TON from a wallet connected with TON Connect (the
 * app fills in amount, address and comment) or by hand, then the server verifies the transfer
 * on chain. After a wallet send the app asks the server until the chain shows it; a transfer
 * sent by hand is confirmed with its hash.
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
  const [order, setOrder] = useState<TonOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    createTonOrder(pkg._id)
      .then((created) => alive.current && setOrder(created))
      .catch((failure: unknown) => {
        if (alive.current)
          setError(isApiError(failure) ? failure.message : 'Paying with TON is not available right now');
      });
    return () => {
      alive.current = false;
    };
  }, [pkg._id]);

  const waitForChain = async (purchaseId: string) => {
    setWaiting(true);
    const deadline = Date.now() + TON_CHECK_WAIT_MS;
    while (alive.current && Date.now() < deadline) {
      try {
        const check = await checkTonOrder(purchaseId);
        if (check.status === 'paid') {
          onPaid({ diamonds: check.diamonds_credited, txHash: check.tx_hash });
          return;
        }
      } catch (failure) {
        // The chain API down is worth waiting out; a transfer that fails verification is final.
        if (isApiError(failure) && failure.code !== 'stars/chain-unavailable') {
          onFailed(failure.message);
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, TON_CHECK_INTERVAL_MS));
    }
    if (alive.current) {
      setWaiting(false);
      setError('The TON network has not shown your payment yet. Confirm it with the transaction hash.');
    }
  };

  return (
    <Dialog
      open
      title="Pay with TON"
      onClose={onClose}
      art={<img src={pkg.image_url} alt="" className="size-24 rounded-[22px] ring-2 ring-gold-300/70" />}
      actions={
        <>
          {order && !waiting && (
            <Suspense fallback={<Spinner className="mx-auto" label="Loading TON Connect" />}>
              <TonConnectPay
                order={order}
                onSent={() => void waitForChain(order.purchase_id)}
                onError={() => setError('The wallet did not send the payment.')}
              />
            </Suspense>
          )}
          {order && (
            <Button variant="ghost" block disabled={waiting} onClick={onEnterHash}>
              I sent it: enter transaction hash
            </Button>
          )}
          <Button variant="ghost" block onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p>
        {pkg.name}: send{' '}
        <b className="text-gold">
          {pkg.price_crypto} {pkg.crypto_currency}
        </b>{' '}
        with the comment below. Without the comment we cannot tell the payment is yours.
      </p>
      {!order && !error && <Spinner className="mt-4" label="Preparing your order" />}
      {order && (
        <>
          <CopyField label="Amount" value={`${order.price_crypto} ${order.crypto_currency}`} />
          <CopyField label="Address" value={order.address} />
          <CopyField label="Comment" value={order.order_id} />
        </>
      )}
      {waiting && (
        <p className="mt-4 flex items-center justify-center gap-2 text-[14px] text-muted" role="status">
          <Spinner className="size-5" label="Waiting for the TON network" /> Waiting for the TON network…
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-[14px] font-bold text-danger-400">
          {error}
        </p>
      )}
    </Dialog>
  );
}
