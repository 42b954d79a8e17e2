import { STARS_INVOICE_CURRENCY, STARS_ORDER_PREFIX } from '@titans/shared/constants';
import { type Language, playerLanguage } from '@titans/shared/i18n/languages';
import type { Invoice } from '@titans/shared/stars/schemas';
import { eq } from 'drizzle-orm';
import { purchases, users } from '../db/schema.ts';
import { packageTexts, type ServerTextKey, serverText } from '../i18n/server-texts.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import { failed, type MoneyResult, succeeded } from '../money/money-result.ts';
import type { Account } from '../users/user-service.ts';
import {
  purchaseForUpdate,
  returnedPromise,
  type StarsOrders,
  type StarsServiceDeps,
  UUID,
} from './stars-orders.ts';
import { type PurchaseRow, packageView } from './stars-view.ts';

/** Telegram's pre_checkout_query, as much of it as the check needs. */
export interface PreCheckout {
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
}

/** Telegram's successful_payment with the payer. */
export interface SuccessfulPayment {
  fromId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  chargeId: string;
}

export type PaymentOutcome = 'credited' | 'duplicate' | 'anomaly' | 'unknown-purchase';

/** What a payment that did not match its invoice carried (purchases.anomaly, rule S10). */
export type PaymentAnomaly = NonNullable<PurchaseRow['anomaly']>;

/**
 * S10: what is wrong with a payment of this purchase, every check that failed named in `reason`
 * (`method`, `currency`, `amount`, `payer`), or null when it matches its invoice. `expected` is
 * the invoice's price in Stars (XTR amounts are whole Stars; 0 for a TON order).
 */
export function paymentAnomaly(
  payment: Pick<SuccessfulPayment, 'currency' | 'totalAmount'>,
  purchase: Pick<PurchaseRow, 'method' | 'starsAmount'>,
  byOwner: boolean,
): PaymentAnomaly | null {
  // A TON order has no Stars price to compare: naming one is the anomaly.
  const stars = purchase.method === 'telegram_stars';
  const failed = [
    !stars && 'method',
    payment.currency !== STARS_INVOICE_CURRENCY && 'currency',
    stars && payment.totalAmount !== purchase.starsAmount && 'amount',
    !byOwner && 'payer',
  ].filter((reason) => reason !== false);
  if (failed.length === 0) return null;
  return {
    reason: failed.join(', '),
    currency: payment.currency,
    totalAmount: payment.totalAmount,
    expected: purchase.starsAmount,
  };
}

/** Why a pre-checkout is refused, each with its message in the server's catalogue (L3). */
export const PRE_CHECKOUT_REFUSAL_TEXTS = {
  unknown: 'pre-checkout.unknown',
  notPending: 'pre-checkout.not-pending',
  otherUser: 'pre-checkout.other-user',
  amount: 'pre-checkout.amount',
} as const satisfies Record<string, ServerTextKey>;

export type PreCheckoutRefusal = keyof typeof PRE_CHECKOUT_REFUSAL_TEXTS;

/** spec-a §8: what a refused pre-checkout tells the player in Telegram's payment sheet, in English. */
export const PRE_CHECKOUT_REFUSALS = {
  unknown: serverText('en', PRE_CHECKOUT_REFUSAL_TEXTS.unknown),
  notPending: serverText('en', PRE_CHECKOUT_REFUSAL_TEXTS.notPending),
  otherUser: serverText('en', PRE_CHECKOUT_REFUSAL_TEXTS.otherUser),
  amount: serverText('en', PRE_CHECKOUT_REFUSAL_TEXTS.amount),
} as const satisfies Record<PreCheckoutRefusal, string>;

/** A pre-checkout answer: a refusal names why, and says it in English (the bot says it in the payer's language). */
export type PreCheckoutVerdict = { ok: true } | { ok: false; reason: PreCheckoutRefusal; message: string };

function refused(reason: PreCheckoutRefusal): PreCheckoutVerdict {
  return { ok: false, reason, message: PRE_CHECKOUT_REFUSALS[reason] };
}

/**
 * Telegram Stars invoices (rules S1–S3, S9–S11): created by the server, checked at pre-checkout,
 * credited only by Telegram's successful_payment through the BalanceGateway.
 */
export class StarsInvoices {
  constructor(
    private readonly deps: StarsServiceDeps,
    private readonly orders: StarsOrders,
  ) {}

  /**
   * S1: the invoice is priced from the package row; the client's amount is only checked. Without
   * a bot in development mode the order gets no Telegram link: the app shows its development
   * invoice, paid through StarsDevInvoices (D-STARS-14).
   */
  async createInvoice(
    user: Account,
    request: { packageId: string; starsAmount?: number | undefined },
  ): Promise<MoneyResult<Invoice>> {
    const { payments, logger, developmentInvoices = false } = this.deps;
    if (!payments && !developmentInvoices) return failed('stars/payments-unavailable');
    const pkg = await this.orders.packageRow(request.packageId);
    if (!pkg) return failed('stars/package-not-found');
    if (request.starsAmount !== undefined && request.starsAmount !== pkg.priceStars)
      return failed('stars/price-changed', undefined, { package: packageView(pkg) });
    const purchase = await this.orders.insertPending(user, pkg, 'telegram_stars', STARS_ORDER_PREFIX);
    const invoice: Invoice = {
      invoice_link: '',
      purchase_id: purchase.id,
      order_id: purchase.orderRef,
      stars_amount: pkg.priceStars,
      diamond_amount: pkg.diamondAmount,
      development: !payments,
    };
    if (!payments) return succeeded(invoice);
    try {
      // L5: the invoice speaks the player's language; Telegram allows a 32-character title.
      const texts = packageTexts(await this.languageOf(user.id), pkg);
      const title = texts.title.slice(0, 32);
      const link = await payments.createInvoiceLink(
        title,
        texts.description.slice(0, 255),
        purchase.id,
        '', // spec: an empty provider token for payments in Stars
        STARS_INVOICE_CURRENCY,
        [{ label: title, amount: pkg.priceStars }],
      );
      return succeeded({ ...invoice, invoice_link: link });
    } catch (error) {
      logger.error({ err: error, purchaseId: purchase.id }, 'createInvoiceLink failed');
      // Nothing can pay an invoice that was never created.
      await this.deps.database.db.delete(purchases).where(eq(purchases.id, purchase.id));
      return failed('stars/invoice-failed');
    }
  }

  /** The player's language (L1, L2): read when an invoice is made, so a change in Profile counts at once. */
  private async languageOf(userId: string): Promise<Language> {
    const [row] = await this.deps.database.db
      .select({ language: users.language, languageCode: users.languageCode })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return playerLanguage(row?.language, row?.languageCode);
  }

  /** S2: Telegram asks before taking the Stars; only this player's pending order at its price passes. */
  async preCheckout(query: PreCheckout): Promise<PreCheckoutVerdict> {
    if (!UUID.test(query.payload)) return refused('unknown');
    const [row] = await this.deps.database.db
      .select({ purchase: purchases, telegramUserId: users.telegramUserId })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.id, query.payload))
      .limit(1);
    if (row?.purchase.method !== 'telegram_stars') return refused('unknown');
    if (row.telegramUserId !== BigInt(query.fromId)) return refused('otherUser');
    if (row.purchase.status !== 'pending') return refused('notPending');
    if (query.currency !== STARS_INVOICE_CURRENCY || query.totalAmount !== row.purchase.starsAmount)
      return refused('amount');
    return { ok: true };
  }

  /**
   * S3, S10: Telegram's successful_payment credits the purchase's diamonds once per
   * telegram_payment_charge_id, whatever the number of deliveries, when it matches its invoice:
   * currency XTR, total_amount the invoice's price, paid by the invoice's player for a Stars
   * order. Otherwise nothing is credited and the payment is recorded with its anomaly, for the
   * operator to refund. Throws when the payment could not be recorded, so the webhook answers an
   * error and Telegram delivers it again.
   */
  async recordPayment(payment: SuccessfulPayment): Promise<PaymentOutcome> {
    const { database, gateway, logger } = this.deps;
    const [known] = await database.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, payment.chargeId))
      .limit(1);
    if (known) return 'duplicate';
    const target = await this.paymentTarget(payment);
    const result = target
      ? await gateway.change(target.accountId, (money) => this.recordCharge(money, payment, target))
      : succeeded({ outcome: 'unknown-purchase' as const, recorded: undefined });
    // Another process recorded the same charge at the same moment.
    if (!result.ok && result.code === 'request/conflict') return 'duplicate';
    if (!result.ok) throw new Error(`Could not record payment ${payment.chargeId}: ${result.code}`);
    const { outcome, recorded } = result.value;
    if (outcome === 'unknown-purchase')
      logger.error(
        { payment },
        `successful_payment for an unknown order: nothing recorded; refund it with npm run refund -- ${payment.chargeId} --user ${payment.fromId}`,
      );
    else if (outcome === 'anomaly')
      logger.error(
        { payment, purchaseId: recorded?.id, anomaly: recorded?.anomaly },
        `successful_payment does not match its invoice: nothing credited; refund it with npm run refund -- ${payment.chargeId}`,
      );
    else if (outcome === 'credited' && recorded?.id !== target?.purchaseId)
      logger.warn(
        { payment, purchaseId: recorded?.id },
        'a second payment of one invoice: recorded as its own purchase',
      );
    return outcome;
  }

  /**
   * The purchase a payment's payload names and the account it is recorded on: the payer's, who
   * Telegram charged. Null for an unknown order or a payer without an account.
   */
  private async paymentTarget(payment: SuccessfulPayment) {
    const { db } = this.deps.database;
    if (!UUID.test(payment.payload)) return null;
    const [target] = await db
      .select({ purchase: purchases, telegramUserId: users.telegramUserId })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.id, payment.payload))
      .limit(1);
    if (!target) return null;
    const byOwner = target.telegramUserId === BigInt(payment.fromId);
    if (byOwner) return { purchaseId: target.purchase.id, accountId: target.purchase.userId, byOwner };
    const [payer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.telegramUserId, BigInt(payment.fromId)))
      .limit(1);
    return payer ? { purchaseId: target.purchase.id, accountId: payer.id, byOwner } : null;
  }

  /** One payment's row and, when it matches its invoice, its credit: inside the payer's change. */
  private async recordCharge(
    money: MoneyContext,
    payment: SuccessfulPayment,
    target: { purchaseId: string; accountId: string; byOwner: boolean },
  ): Promise<{ outcome: PaymentOutcome; recorded?: PurchaseRow }> {
    const again = await purchaseForUpdate(money.tx, eq(purchases.telegramPaymentChargeId, payment.chargeId));
    if (again) return { outcome: 'duplicate' };
    const purchase = await purchaseForUpdate(money.tx, eq(purchases.id, target.purchaseId));
    if (!purchase) return { outcome: 'unknown-purchase' };
    // Another process recorded this very charge while we waited for the row.
    if (purchase.telegramPaymentChargeId === payment.chargeId) return { outcome: 'duplicate' };
    const anomaly = paymentAnomaly(payment, purchase, target.byOwner);
    const status = anomaly ? 'anomaly' : 'paid';
    const paidAt = new Date(money.now);
    const recorded =
      target.byOwner && purchase.method === 'telegram_stars' && purchase.status === 'pending'
        ? await returnedPromise(
            money.tx
              .update(purchases)
              .set({ status, anomaly, telegramPaymentChargeId: payment.chargeId, paidAt })
              .where(eq(purchases.id, purchase.id))
              .returning(),
          )
        : // An invoice no longer waiting for its payment (D-STARS-7), another payer, or a TON
          // order: a purchase of its own, on the payer's account.
          await returnedPromise(
            money.tx
              .insert(purchases)
              .values({
                userId: target.accountId,
                packageId: purchase.packageId,
                method: 'telegram_stars',
                status,
                anomaly,
                orderRef: `${purchase.orderRef}/${payment.chargeId}`,
                starsAmount: purchase.starsAmount,
                diamonds: purchase.diamonds,
                telegramPaymentChargeId: payment.chargeId,
                createdAt: paidAt,
                paidAt,
              })
              .returning(),
          );
    if (anomaly) return { outcome: 'anomaly', recorded };
    await money.apply({
      userId: recorded.userId,
      currency: 'gems',
      delta: recorded.diamonds,
      reason: 'stars:telegram',
      idempotencyKey: `stars:charge:${payment.chargeId}`,
      meta: { purchase_id: recorded.id, package_id: recorded.packageId, stars: payment.totalAmount },
    });
    return { outcome: 'credited', recorded };
  }
}
