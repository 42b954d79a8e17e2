import { STARS_PAYMENT_WAIT_MS } from '@titans/shared/constants';
import type { DiamondPackage, Invoice, PurchaseState } from '@titans/shared/stars/schemas';
import { invoice } from '@tma.js/sdk-react';
import { isApiError } from '../../lib/api-error.ts';
import { createInvoice } from './api/create-invoice.ts';
import { getPurchase } from './api/get-purchase.ts';
import { payDevelopmentInvoice } from './api/pay-development-invoice.ts';
import { STARS_TEXTS } from './stars-texts.ts';

/** How one Stars checkout ended. */
export type CheckoutStep =
  | { kind: 'credited'; purchase: PurchaseState }
  /** D-STARS-11: the payment did not match its invoice; nothing was credited. */
  | { kind: 'anomaly' }
  /** D-STARS-2: Telegram has the payment; the server has not heard of it yet. */
  | { kind: 'waiting' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string; retry: boolean };

/** Shows the development invoice and settles with the player's choice (D-STARS-14). */
export type DevelopmentSheet = (pkg: DiamondPackage, invoice: Invoice) => Promise<'paid' | 'cancelled'>;

const POLL_MS = 1_000;

const failed = (message: string, retry = true): CheckoutStep => ({ kind: 'failed', message, retry });

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.isHttpError && error.message ? error.message : fallback;
}

/** After "paid": the purchase as the server records it, asked every second for up to 30 s (D-STARS-2). */
async function awaitCredit(purchaseId: string): Promise<CheckoutStep> {
  const deadline = Date.now() + STARS_PAYMENT_WAIT_MS;
  for (;;) {
    const purchase = await getPurchase(purchaseId).catch(() => null);
    if (purchase?.status === 'paid') return { kind: 'credited', purchase };
    if (purchase?.status === 'anomaly') return { kind: 'anomaly' };
    if (Date.now() > deadline) return { kind: 'waiting' };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Telegram's payment sheet: paid, failed or cancelled. */
async function telegramSheet(link: Invoice): Promise<'paid' | CheckoutStep> {
  let status: string;
  try {
    status = await invoice.openUrl(link.invoice_link);
  } catch {
    return failed(STARS_TEXTS.processFailed);
  }
  if (status === 'failed') return failed(STARS_TEXTS.paymentFailed);
  return status === 'paid' ? 'paid' : { kind: 'cancelled' };
}

/** The development invoice: the player's choice, then the server's payment path (D-STARS-14). */
async function developmentSheet(
  pkg: DiamondPackage,
  link: Invoice,
  ask: DevelopmentSheet,
): Promise<'paid' | CheckoutStep> {
  if ((await ask(pkg, link)) !== 'paid') return { kind: 'cancelled' };
  try {
    await payDevelopmentInvoice(link.purchase_id);
    return 'paid';
  } catch (error) {
    return failed(messageOf(error, STARS_TEXTS.paymentFailed));
  }
}

/**
 * Stars purchase: the server makes the invoice, a sheet takes the payment (Telegram's,
 * or in development mode without a bot the app's development invoice), and the server credits it
 * when the payment reaches it; the app then reads what the server recorded.
 */
export async function runStarsCheckout(
  telegramUserId: string,
  pkg: DiamondPackage,
  options: { development: boolean; ask: DevelopmentSheet },
): Promise<CheckoutStep> {
  if (!options.development && !invoice.openUrl.isAvailable())
    return failed(STARS_TEXTS.webAppUnavailable, false);
  let link: Invoice;
  try {
    link = await createInvoice(telegramUserId, pkg);
  } catch (error) {
    return failed(messageOf(error, STARS_TEXTS.invoiceFailed));
  }
  const sheet = link.development ? await developmentSheet(pkg, link, options.ask) : await telegramSheet(link);
  return sheet === 'paid' ? awaitCredit(link.purchase_id) : sheet;
}
