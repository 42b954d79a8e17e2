import { TON_CHECK_INTERVAL_MS, TON_CHECK_WAIT_MS } from '@titans/shared/constants';
import type { DiamondPackage, TonOrder } from '@titans/shared/stars/schemas';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { checkTonOrder } from './api/check-ton-order.ts';
import { createTonOrder } from './api/create-ton-order.ts';

export interface TonPaid {
  diamonds: number;
  txHash: string | null;
}

/**
 * A package's TON order (D-STARS-4), opened when the dialog opens, and the wait for the chain
 * after a TON Connect send: the server is asked every 3 s for up to 2 min.
 */
export function useTonOrder(
  pkg: DiamondPackage,
  { onPaid, onFailed }: { onPaid(paid: TonPaid): void; onFailed(message: string): void },
) {
  const [order, setOrder] = useState<TonOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    createTonOrder(pkg._id)
      .then((created) => alive.current && setOrder(created))
      .catch((failure: unknown) => {
        if (alive.current) setError(isApiError(failure) ? failure.message : t('useTonOrder.payingWithTonIs'));
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
      setError(t('useTonOrder.theTonNetworkHas'));
    }
  };

  return { order, error, setError, waiting, waitForChain };
}
