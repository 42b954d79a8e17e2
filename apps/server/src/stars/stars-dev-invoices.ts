import { STARS_INVOICE_CURRENCY } from '@titans/shared/constants';
import type { PurchaseState } from '@titans/shared/stars/schemas';
import { failed, type Result } from '../core/result.ts';
import type { Account } from '../users/user-service.ts';
import type { PaymentOutcome, StarsInvoices } from './stars-invoices.ts';
import type { StarsOrders } from './stars-orders.ts';

/**
 * The charge id of a development payment: one per order, so paying the same order again is what
 * Telegram delivering the same successful_payment again is, and credits nothing (S3).
 */
export function developmentChargeId(purchaseId: string): string {
  return `dev-${purchaseId}`;
}

/**
 * D-STARS-14: in development mode without a bot, a Stars order (from create-invoice, as in
 * Telegram) is paid in the app's development invoice. Paying runs what Telegram's payment runs on
 * the server: the pre-checkout check of the pending order (S2), then successful_payment's credit
 * through the gateway (S3, S10), one ledger row under the charge's key. Only the routes of
 * development mode reach it (stars-dev-routes.ts).
 */
export class StarsDevInvoices {
  constructor(
    private readonly orders: StarsOrders,
    private readonly invoices: StarsInvoices,
  ) {}

  async pay(
    user: Account,
    purchaseId: string,
  ): Promise<Result<{ purchase: PurchaseState; outcome: PaymentOutcome }>> {
    const order = await this.orders.purchase(user.id, purchaseId);
    if (!order.ok) return order;
    if (order.value.method !== 'telegram_stars') return failed('stars/purchase-not-found');
    const payment = {
      fromId: Number(user.telegramUserId),
      currency: STARS_INVOICE_CURRENCY,
      totalAmount: order.value.stars_amount,
      payload: purchaseId,
    };
    // Telegram asks before it takes the Stars; a payment delivered again is not asked about.
    if (order.value.status === 'pending') {
      const verdict = await this.invoices.preCheckout(payment);
      if (!verdict.ok) return failed('stars/payment-refused', verdict.message);
    }
    const outcome = await this.invoices.recordPayment({
      ...payment,
      chargeId: developmentChargeId(purchaseId),
    });
    const purchase = await this.orders.purchase(user.id, purchaseId);
    return purchase.ok ? { ok: true, value: { purchase: purchase.value, outcome } } : purchase;
  }
}
