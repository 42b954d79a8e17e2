import { useQueryClient } from '@tanstack/react-query';
import type { DiamondPackage, Invoice } from '@titans/shared/stars/schemas';
import { invoice } from '@tma.js/sdk-react';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { userQueryOptions } from '../users/api/get-user.ts';
import { transactionsQueryOptions } from './api/get-transactions.ts';
import { type CheckoutStep, type DevelopmentSheet, runStarsCheckout } from './stars-checkout-flow.ts';
import { STARS_TEXTS } from './stars-texts.ts';

/** How a purchase ended, for the success and failure dialogs. */
export type CheckoutOutcome =
  | { kind: 'success'; diamonds: number; packageName: string; txHash?: string }
  | { kind: 'failure'; message: string; retry?: () => void };

/** The development invoice on screen, and how it settles (D-STARS-14). */
export interface DevelopmentInvoiceRequest {
  pkg: DiamondPackage;
  invoice: Invoice;
  settle(choice: 'paid' | 'cancelled'): void;
}

/** What the player sees when a checkout ends; null when nothing is shown. */
function outcomeOf(step: CheckoutStep, pkg: DiamondPackage, retry: () => void): CheckoutOutcome | null {
  if (step.kind === 'credited') {
    haptics.success();
    audioEngine.play('success');
    return { kind: 'success', diamonds: step.purchase.diamonds_credited, packageName: pkg.name };
  }
  // D-STARS-2: Telegram has the payment; the credit arrives by itself when the bot gets it.
  if (step.kind === 'waiting') toast.info('Payment received! Your Stars will arrive in a moment.', 5_000);
  if (step.kind !== 'failed' && step.kind !== 'anomaly') return null;
  haptics.error();
  audioEngine.play('error');
  if (step.kind === 'anomaly') return { kind: 'failure', message: STARS_TEXTS.paymentAnomaly };
  return step.retry
    ? { kind: 'failure', message: step.message, retry }
    : { kind: 'failure', message: step.message };
}

/**
 * The Stars checkout: see runStarsCheckout. The socket has already raised the balance
 * everywhere when the success dialog shows. A second tap while an invoice is being made or is
 * open does nothing (an already-open invoice cannot be opened again).
 */
export function useStarsCheckout(telegramUserId: string) {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  const [developmentInvoice, setDevelopmentInvoice] = useState<DevelopmentInvoiceRequest | null>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions(telegramUserId).queryKey });
    void queryClient.invalidateQueries({ queryKey: userQueryOptions(telegramUserId).queryKey, exact: true });
  }, [queryClient, telegramUserId]);

  const ask = useCallback<DevelopmentSheet>(
    (pkg, link) =>
      new Promise((resolve) => {
        const settle = (choice: 'paid' | 'cancelled') => {
          setDevelopmentInvoice(null);
          resolve(choice);
        };
        setDevelopmentInvoice({ pkg, invoice: link, settle });
      }),
    [],
  );

  const buyWithStars = useCallback(
    async (pkg: DiamondPackage, development: boolean) => {
      if (busy.current || invoice.isOpened()) return;
      busy.current = true;
      setPendingId(pkg._id);
      try {
        const step = await runStarsCheckout(telegramUserId, pkg, { development, ask });
        setOutcome(outcomeOf(step, pkg, () => void buyWithStars(pkg, development)));
      } finally {
        busy.current = false;
        setPendingId(null);
        refresh();
      }
    },
    [ask, refresh, telegramUserId],
  );

  return {
    buyWithStars,
    /** The package whose invoice is being made or is open. */
    pendingId,
    developmentInvoice,
    outcome,
    showOutcome: setOutcome,
    clearOutcome: useCallback(() => setOutcome(null), []),
    refresh,
  };
}
