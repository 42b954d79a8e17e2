import { useQueryClient } from '@tanstack/react-query';
import { STARS_PAYMENT_WAIT_MS } from '@titans/shared/constants';
import type { DiamondPackage } from '@titans/shared/stars/schemas';
import { invoice } from '@tma.js/sdk-react';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { userQueryOptions } from '../users/api/get-user.ts';
import { createInvoice } from './api/create-invoice.ts';
import { getPurchase } from './api/get-purchase.ts';
import { transactionsQueryOptions } from './api/get-transactions.ts';
import { STARS_TEXTS } from './stars-texts.ts';

/** How a purchase ended, for the success and failure dialogs. */
export type CheckoutOutcome =
  | { kind: 'success'; diamonds: number; packageName: string; txHash?: string }
  | { kind: 'failure'; message: string; retry?: () => void };

const POLL_MS = 1_000;

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.isHttpError && error.message ? error.message : fallback;
}

/**
 * The Telegram Stars checkout (spec-a §4 "Stars purchase"): the server creates the invoice,
 * Telegram's native sheet takes the payment, and the balance is credited by the server when
 * Telegram tells the bot (successful_payment). After "paid" the app waits for the server to
 * record it, then shows the success dialog; the socket has already raised the balance
 * everywhere. A second tap while an invoice is being made or is open does nothing.
 */
export function useStarsCheckout(telegramUserId: string) {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions(telegramUserId).queryKey });
    void queryClient.invalidateQueries({ queryKey: userQueryOptions(telegramUserId).queryKey, exact: true });
  }, [queryClient, telegramUserId]);

  const fail = useCallback((message: string, retry?: () => void) => {
    haptics.error();
    audioEngine.play('error');
    setOutcome(retry ? { kind: 'failure', message, retry } : { kind: 'failure', message });
  }, []);

  const buyWithStars = useCallback(
    async (pkg: DiamondPackage) => {
      // spec-a §4: an already-open invoice cannot be opened again.
      if (busy.current || invoice.isOpened()) return;
      busy.current = true;
      setPendingId(pkg._id);
      try {
        if (!invoice.openUrl.isAvailable()) {
          fail(STARS_TEXTS.webAppUnavailable);
          return;
        }
        let link: Awaited<ReturnType<typeof createInvoice>>;
        try {
          link = await createInvoice(telegramUserId, pkg);
        } catch (error) {
          fail(messageOf(error, STARS_TEXTS.invoiceFailed), () => void buyWithStars(pkg));
          return;
        }
        let status: string;
        try {
          status = await invoice.openUrl(link.invoice_link);
        } catch {
          fail(STARS_TEXTS.processFailed, () => void buyWithStars(pkg));
          return;
        }
        if (status === 'failed') {
          fail(STARS_TEXTS.paymentFailed, () => void buyWithStars(pkg));
          return;
        }
        if (status !== 'paid') return; // cancelled (or still pending): nothing happens
        // Telegram took the Stars; the server credits them when the bot hears successful_payment.
        const deadline = Date.now() + STARS_PAYMENT_WAIT_MS;
        for (;;) {
          const purchase = await getPurchase(link.purchase_id).catch(() => null);
          if (purchase?.status === 'paid') {
            haptics.success();
            audioEngine.play('success');
            setOutcome({ kind: 'success', diamonds: purchase.diamonds_credited, packageName: pkg.name });
            return;
          }
          if (purchase?.status === 'anomaly') {
            // D-STARS-11: the payment did not match its invoice; nothing was credited and support refunds it.
            fail(STARS_TEXTS.paymentAnomaly);
            return;
          }
          if (Date.now() > deadline) {
            // D-STARS-2: Telegram has the payment; the credit arrives by itself when the bot gets it.
            toast.info('Payment received! Your Stars will arrive in a moment.', 5_000);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } finally {
        busy.current = false;
        setPendingId(null);
        refresh();
      }
    },
    [fail, refresh, telegramUserId],
  );

  return {
    buyWithStars,
    /** The package whose invoice is being made or is open. */
    pendingId,
    outcome,
    showOutcome: setOutcome,
    clearOutcome: useCallback(() => setOutcome(null), []),
    refresh,
  };
}
