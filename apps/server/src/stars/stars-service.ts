import {
  STARS_INVOICE_CURRENCY,
  STARS_ORDER_PREFIX,
  TON_ORDER_PREFIX,
  TON_RECENT_LOOKUP,
  TRANSACTIONS_LIMIT,
} from '@titans/shared/constants';
import type {
  DiamondPackage,
  Invoice,
  PurchaseState,
  TonOrder,
  TonOrderCheck,
  Transaction,
} from '@titans/shared/stars/schemas';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/database.ts';
import {
  characters,
  diamondPackages,
  items,
  purchases,
  userCharacters,
  userItems,
  users,
} from '../db/schema.ts';
import { isUniqueViolation } from '../ledger/ledger.ts';
import type { BalanceGateway, MoneyContext } from '../money/balance-gateway.ts';
import { failed, type MoneyResult, succeeded } from '../money/money-result.ts';
import type { Account } from '../users/user-service.ts';
import {
  type PackageRow,
  type PurchaseRow,
  packageView,
  purchaseTransactions,
  purchaseView,
} from './stars-view.ts';
import { commentPayloadBoc, friendlyTonAddress, normalizeTxHash, tonToNano } from './ton-address.ts';
import type { TonClient } from './ton-client.ts';

/** The two Bot API calls a Stars sale makes outside an update (grammY's `bot.api` implements them). */
export interface StarsPaymentsApi {
  createInvoiceLink(
    title: string,
    description: string,
    payload: string,
    providerToken: string,
    currency: string,
    prices: Array<{ label: string; amount: number }>,
  ): Promise<string>;
  refundStarPayment(userId: number, telegramPaymentChargeId: string): Promise<true>;
}

export interface StarsServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  now: Clock;
  logger: FastifyBaseLogger;
  /** Null when the bot is not set up (no webhook secret): invoices could never be confirmed. */
  payments: StarsPaymentsApi | null;
  /** Null when no receiving wallet is configured. */
  ton: { client: TonClient; wallet: string } | null;
}

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

export interface RefundOptions {
  allowShortfall?: boolean;
  telegramUserId?: number;
  /**
   * Runs inside the refund's balance change, before Telegram is asked: an operator's audit row
   * commits with the ledger row or not at all (decisions: D-OPS-6).
   */
  inChange?: (money: MoneyContext, refund: RefundOutcome) => Promise<unknown>;
}

/** What a refund's balance change did, as its in-change hook sees it. */
export interface RefundOutcome {
  userId: string;
  purchaseId: string;
  debited: number;
  shortfall: number;
  anomaly: PaymentAnomaly | null;
}

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** spec-a §8: what a refused pre-checkout tells the player in Telegram's payment sheet. */
export const PRE_CHECKOUT_REFUSALS = {
  unknown: 'This order is not known. Please start the purchase again from the game.',
  notPending: 'This order was already paid or closed. Please start a new purchase from the game.',
  otherUser: 'This order belongs to another player.',
  amount: 'The price of this order changed. Please start the purchase again from the game.',
} as const;

/** The one row an insert or update returned (it always returns one: a missing row is a bug). */
async function returnedRow<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('The statement returned no row');
  return row;
}

async function purchaseForUpdate(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(purchases).where(where).for('update').limit(1);
  return row ?? null;
}

/**
 * Stars packages and their sale (rules S1–S8 in docs/rules.md): Telegram Stars invoices created
 * by the server and credited only on Telegram's successful_payment, TON payments verified on
 * chain, refunds by an operator. Every credit and debit goes through the BalanceGateway.
 */
export class StarsService {
  constructor(private readonly deps: StarsServiceDeps) {}

  async packages(): Promise<DiamondPackage[]> {
    const rows = await this.deps.database.db
      .select()
      .from(diamondPackages)
      .where(eq(diamondPackages.isActive, true))
      .orderBy(asc(diamondPackages.sortOrder), asc(diamondPackages.priceStars));
    return rows.map(packageView);
  }

  private async packageRow(id: string): Promise<PackageRow | null> {
    const [row] = await this.deps.database.db
      .select()
      .from(diamondPackages)
      .where(and(eq(diamondPackages.id, id), eq(diamondPackages.isActive, true)))
      .limit(1);
    return row ?? null;
  }

  async package(id: string): Promise<MoneyResult<DiamondPackage>> {
    const row = await this.packageRow(id);
    return row ? succeeded(packageView(row)) : failed('stars/package-not-found');
  }

  /** A new pending purchase with a unique order reference `{prefix}-{telegram id}-{timestamp}`. */
  private async insertPending(
    user: Account,
    pkg: PackageRow,
    method: 'telegram_stars' | 'ton',
    prefix: string,
  ) {
    const base = this.deps.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await this.deps.database.db
          .insert(purchases)
          .values({
            userId: user.id,
            packageId: pkg.id,
            method,
            status: 'pending',
            orderRef: `${prefix}-${user.telegramUserId}-${base + attempt}`,
            starsAmount: method === 'ton' ? 0 : pkg.priceStars,
            diamonds: pkg.diamondAmount,
            createdAt: new Date(base),
          })
          .returning();
        return row!;
      } catch (error) {
        // Two orders of one player in the same millisecond: the next millisecond keeps refs unique.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  /** S1: the invoice is priced from the package row; the client's amount is only checked. */
  async createInvoice(
    user: Account,
    request: { packageId: string; starsAmount?: number | undefined },
  ): Promise<MoneyResult<Invoice>> {
    const { payments, logger } = this.deps;
    if (!payments) return failed('stars/payments-unavailable');
    const pkg = await this.packageRow(request.packageId);
    if (!pkg) return failed('stars/package-not-found');
    if (request.starsAmount !== undefined && request.starsAmount !== pkg.priceStars)
      return failed('stars/price-changed', undefined, { package: packageView(pkg) });
    const purchase = await this.insertPending(user, pkg, 'telegram_stars', STARS_ORDER_PREFIX);
    try {
      const link = await payments.createInvoiceLink(
        pkg.name.slice(0, 32),
        (pkg.description || pkg.name).slice(0, 255),
        purchase.id,
        '', // spec: an empty provider token for payments in Stars
        STARS_INVOICE_CURRENCY,
        [{ label: pkg.name.slice(0, 32), amount: pkg.priceStars }],
      );
      return succeeded({
        invoice_link: link,
        purchase_id: purchase.id,
        order_id: purchase.orderRef,
        stars_amount: pkg.priceStars,
        diamond_amount: pkg.diamondAmount,
      });
    } catch (error) {
      logger.error({ err: error, purchaseId: purchase.id }, 'createInvoiceLink failed');
      // Nothing can pay an invoice that was never created.
      await this.deps.database.db.delete(purchases).where(eq(purchases.id, purchase.id));
      return failed('stars/invoice-failed');
    }
  }

  /** S2: Telegram asks before taking the Stars; only this player's pending order at its price passes. */
  async preCheckout(query: PreCheckout): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!UUID.test(query.payload)) return { ok: false, message: PRE_CHECKOUT_REFUSALS.unknown };
    const [row] = await this.deps.database.db
      .select({ purchase: purchases, telegramUserId: users.telegramUserId })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.id, query.payload))
      .limit(1);
    if (row?.purchase.method !== 'telegram_stars')
      return { ok: false, message: PRE_CHECKOUT_REFUSALS.unknown };
    if (row.telegramUserId !== BigInt(query.fromId))
      return { ok: false, message: PRE_CHECKOUT_REFUSALS.otherUser };
    if (row.purchase.status !== 'pending') return { ok: false, message: PRE_CHECKOUT_REFUSALS.notPending };
    if (query.currency !== STARS_INVOICE_CURRENCY || query.totalAmount !== row.purchase.starsAmount)
      return { ok: false, message: PRE_CHECKOUT_REFUSALS.amount };
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
        ? await returnedRow(
            money.tx
              .update(purchases)
              .set({ status, anomaly, telegramPaymentChargeId: payment.chargeId, paidAt })
              .where(eq(purchases.id, purchase.id))
              .returning(),
          )
        : // An invoice no longer waiting for its payment (D-STARS-7), another payer, or a TON
          // order: a purchase of its own, on the payer's account.
          await returnedRow(
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

  async purchase(userId: string, purchaseId: string): Promise<MoneyResult<PurchaseState>> {
    if (!UUID.test(purchaseId)) return failed('stars/purchase-not-found');
    const [row] = await this.deps.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)))
      .limit(1);
    return row ? succeeded(purchaseView(row)) : failed('stars/purchase-not-found');
  }

  async purchaseByOrder(
    userId: string,
    orderRef: string,
    packageId: string,
  ): Promise<MoneyResult<PurchaseState>> {
    const [row] = await this.deps.database.db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.orderRef, orderRef),
          eq(purchases.userId, userId),
          eq(purchases.packageId, packageId),
        ),
      )
      .limit(1);
    return row ? succeeded(purchaseView(row)) : failed('stars/purchase-not-found');
  }

  /**
   * S5, S12: an operator refund (the refund command, and whatever else an operator uses). The
   * diamonds the purchase credited are taken back in the same transaction that records the
   * refund, and Telegram's refundStarPayment is called before it commits, so a refused refund
   * changes nothing. A player who already spent the diamonds is refused unless `allowShortfall`
   * (decisions: D-STARS-5): then what they hold is taken and the rest recorded as the shortfall.
   * A payment recorded as an anomaly credited nothing, so its refund takes nothing back
   * (decisions: D-STARS-11). `telegramUserId`, when the operator names the payer, must be the
   * player the charge is recorded for.
   */
  async refund(
    chargeId: string,
    options: RefundOptions = {},
  ): Promise<
    MoneyResult<{
      purchase: PurchaseState;
      debited: number;
      shortfall: number;
      anomaly: PaymentAnomaly | null;
    }>
  > {
    const { database, gateway, payments, logger } = this.deps;
    if (!payments) return failed('stars/payments-unavailable');
    const [found] = await database.db
      .select({ purchase: purchases, telegramUserId: users.telegramUserId })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.telegramPaymentChargeId, chargeId))
      .limit(1);
    if (!found) return failed('stars/purchase-not-found');
    if (options.telegramUserId !== undefined && BigInt(options.telegramUserId) !== found.telegramUserId)
      return failed(
        'request/invalid',
        `This charge is recorded for Telegram user ${found.telegramUserId}, not ${options.telegramUserId}`,
      );
    return gateway.change(found.purchase.userId, async (money) => {
      const purchase = await purchaseForUpdate(money.tx, eq(purchases.id, found.purchase.id));
      if (!purchase) return money.fail('stars/purchase-not-found');
      if (purchase.status === 'refunded') return money.fail('stars/already-refunded');
      const credited = purchase.status === 'paid' ? purchase.diamonds : 0;
      const [holder] = await money.tx
        .select({ gems: users.gems })
        .from(users)
        .where(eq(users.id, purchase.userId));
      const debited = Math.min(credited, holder?.gems ?? 0);
      const shortfall = credited - debited;
      if (shortfall > 0 && !options.allowShortfall)
        return money.fail('stars/refund-shortfall', undefined, { holds: debited, needed: credited });
      const refunded = await returnedRow(
        money.tx
          .update(purchases)
          .set({ status: 'refunded', refundedAt: new Date(money.now), refundShortfall: shortfall })
          .where(eq(purchases.id, purchase.id))
          .returning(),
      );
      if (debited > 0) {
        await money.apply({
          userId: purchase.userId,
          currency: 'gems',
          delta: -debited,
          reason: 'stars:refund',
          idempotencyKey: `stars:refund:${chargeId}`,
          meta: { purchase_id: purchase.id, charge_id: chargeId, shortfall },
        });
      }
      const anomaly = purchase.anomaly ?? null;
      await options.inChange?.(money, {
        userId: purchase.userId,
        purchaseId: purchase.id,
        debited,
        shortfall,
        anomaly,
      });
      try {
        await payments.refundStarPayment(Number(found.telegramUserId), chargeId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Refunded before (this command ran, then its commit failed): finish the bookkeeping.
        if (!/CHARGE_ALREADY_REFUNDED/.test(message)) {
          logger.error({ err: error, chargeId }, 'refundStarPayment failed');
          return money.fail('stars/refund-failed', `Telegram refused the refund: ${message}`);
        }
      }
      return { purchase: purchaseView(refunded), debited, shortfall, anomaly };
    });
  }

  /**
   * S12: refunds a charge no purchase records (a successful_payment for an unknown order, which
   * credited nothing) to the payer the operator names from the log. Telegram refuses a second
   * refund of a charge, which answers `stars/already-refunded`. A recorded charge is refused:
   * `refund` takes its diamonds back with it.
   */
  async refundUnrecorded(
    telegramUserId: number,
    chargeId: string,
  ): Promise<MoneyResult<{ telegramUserId: number; chargeId: string }>> {
    const { database, payments, logger } = this.deps;
    if (!payments) return failed('stars/payments-unavailable');
    const [recorded] = await database.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, chargeId))
      .limit(1);
    if (recorded)
      return failed(
        'request/invalid',
        'This charge is recorded with a purchase: refund it without naming the player',
      );
    try {
      await payments.refundStarPayment(telegramUserId, chargeId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/CHARGE_ALREADY_REFUNDED/.test(message)) return failed('stars/already-refunded');
      logger.error({ err: error, chargeId, telegramUserId }, 'refundStarPayment failed');
      return failed('stars/refund-failed', `Telegram refused the refund: ${message}`);
    }
    return succeeded({ telegramUserId, chargeId });
  }

  /** S6: the order a TON payment must name in its comment, and where and how much to pay. */
  async tonOrder(user: Account, packageId: string): Promise<MoneyResult<TonOrder>> {
    const { ton } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    const pkg = await this.packageRow(packageId);
    if (!pkg) return failed('stars/package-not-found');
    const purchase = await this.insertPending(user, pkg, 'ton', TON_ORDER_PREFIX);
    return succeeded({
      purchase_id: purchase.id,
      order_id: purchase.orderRef,
      address: friendlyTonAddress(ton.wallet),
      amount_nano: tonToNano(pkg.priceCrypto).toString(),
      price_crypto: pkg.priceCrypto,
      crypto_currency: pkg.cryptoCurrency,
      payload: commentPayloadBoc(purchase.orderRef),
    });
  }

  /**
   * S7: a TON transaction credits its package only if it exists, is final, came in to our wallet,
   * carries this player's order comment for that package and paid at least price_crypto. A hash is
   * accepted once, ever. A failed lookup credits nothing and can be retried.
   */
  async cryptoPurchase(
    user: Account,
    request: { packageId: string; transactionHash: string },
  ): Promise<MoneyResult<{ diamonds_credited: number; purchase_id: string; tx_hash: string }>> {
    const { ton, database, gateway } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    const pkg = await this.packageRow(request.packageId);
    if (!pkg) return failed('stars/package-not-found');
    const hash = normalizeTxHash(request.transactionHash);
    if (!hash) return failed('stars/tx-not-found');
    const [used] = await database.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.txHash, hash))
      .limit(1);
    if (used) return failed('stars/tx-already-used');

    const lookup = await ton.client.transaction(hash);
    if (!lookup.ok) {
      if (lookup.reason === 'unavailable') {
        this.deps.logger.warn({ hash, detail: lookup.detail }, 'TON API unavailable');
        return failed('stars/chain-unavailable');
      }
      return failed('stars/tx-not-found');
    }
    const tx = lookup.transaction;
    if (tx.account !== ton.wallet || tx.destination !== ton.wallet || tx.source === null)
      return failed('stars/tx-wrong-address');
    if (!tx.comment) return failed('stars/tx-comment-missing');
    if (!tx.final) return failed('stars/tx-not-final');
    if (tx.value < tonToNano(pkg.priceCrypto)) return failed('stars/tx-amount-too-small');

    const result = await gateway.change(user.id, async (money) => {
      const [again] = await money.tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(eq(purchases.txHash, hash));
      if (again) return money.fail('stars/tx-already-used');
      const order = await purchaseForUpdate(money.tx, eq(purchases.orderRef, tx.comment!));
      if (!order || order.userId !== user.id || order.method !== 'ton' || order.packageId !== pkg.id)
        return money.fail('stars/tx-comment-missing');
      if (order.txHash === hash) return money.fail('stars/tx-already-used');
      const values = { status: 'paid', txHash: hash, paidAt: new Date(money.now) };
      const [paid] =
        order.status === 'pending'
          ? await money.tx.update(purchases).set(values).where(eq(purchases.id, order.id)).returning()
          : // A second transfer with an order comment already paid: a purchase of its own.
            await money.tx
              .insert(purchases)
              .values({
                ...values,
                userId: user.id,
                packageId: pkg.id,
                method: 'ton',
                orderRef: `${order.orderRef}/${hash.slice(0, 16)}`,
                diamonds: pkg.diamondAmount,
                createdAt: new Date(money.now),
              })
              .returning();
      await money.apply({
        userId: user.id,
        currency: 'gems',
        delta: paid!.diamonds,
        reason: 'stars:ton',
        idempotencyKey: `stars:ton:${hash}`,
        meta: { purchase_id: paid!.id, package_id: pkg.id, nano: tx.value.toString() },
      });
      return { diamonds_credited: paid!.diamonds, purchase_id: paid!.id, tx_hash: hash };
    });
    // The same hash committed by another request at the same moment (unique index).
    if (!result.ok && result.code === 'request/conflict') return failed('stars/tx-already-used');
    return result;
  }

  /**
   * S7 after a TON Connect send: looks for the order's comment among the wallet's latest incoming
   * transactions and, when one is there, verifies and credits it exactly like a pasted hash.
   */
  async checkTonOrder(user: Account, purchaseId: string): Promise<MoneyResult<TonOrderCheck>> {
    const { ton, database } = this.deps;
    if (!ton) return failed('stars/ton-unavailable');
    if (!UUID.test(purchaseId)) return failed('stars/purchase-not-found');
    const [order] = await database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, user.id), eq(purchases.method, 'ton')))
      .limit(1);
    if (!order) return failed('stars/purchase-not-found');
    if (order.status !== 'pending')
      return succeeded({ status: 'paid', diamonds_credited: order.diamonds, tx_hash: order.txHash });
    const listing = await ton.client.recent(ton.wallet, TON_RECENT_LOOKUP);
    if (!listing.ok) return failed('stars/chain-unavailable');
    const found = listing.transactions.find(
      (tx) => tx.comment === order.orderRef && tx.destination === ton.wallet && tx.source !== null,
    );
    if (!found) return succeeded({ status: 'pending', diamonds_credited: 0, tx_hash: null });
    if (!found.final) return succeeded({ status: 'pending', diamonds_credited: 0, tx_hash: found.hash });
    const credited = await this.cryptoPurchase(user, {
      packageId: order.packageId,
      transactionHash: found.hash,
    });
    if (!credited.ok) {
      // Another check (a second tab) credited it a moment ago: report the order as paid.
      const [latest] = await database.db.select().from(purchases).where(eq(purchases.id, order.id)).limit(1);
      if (credited.code === 'stars/tx-already-used' && latest?.status === 'paid')
        return succeeded({ status: 'paid', diamonds_credited: latest.diamonds, tx_hash: latest.txHash });
      return credited;
    }
    return succeeded({
      status: 'paid',
      diamonds_credited: credited.value.diamonds_credited,
      tx_hash: found.hash,
    });
  }

  /** spec-a §3 "Transaction": Stars deals and marketplace purchases, newest first. */
  async transactions(userId: string): Promise<Transaction[]> {
    const { db } = this.deps.database;
    const [deals, ownedItems, ownedCharacters] = await Promise.all([
      db
        .select({ purchase: purchases, pkg: diamondPackages })
        .from(purchases)
        .innerJoin(diamondPackages, eq(diamondPackages.id, purchases.packageId))
        .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['paid', 'anomaly', 'refunded'])))
        .orderBy(desc(purchases.paidAt))
        .limit(TRANSACTIONS_LIMIT),
      db
        .select({ owned: userItems, item: items })
        .from(userItems)
        .innerJoin(items, eq(items.id, userItems.itemId))
        .where(and(eq(userItems.userId, userId), gt(userItems.purchasePrice, 0)))
        .orderBy(desc(userItems.purchaseDate))
        .limit(TRANSACTIONS_LIMIT),
      db
        .select({ owned: userCharacters, character: characters })
        .from(userCharacters)
        .innerJoin(characters, eq(characters.id, userCharacters.characterId))
        .where(and(eq(userCharacters.userId, userId), gt(userCharacters.purchasePrice, 0)))
        .orderBy(desc(userCharacters.acquiredAt))
        .limit(TRANSACTIONS_LIMIT),
    ]);
    const entries: Transaction[] = [
      ...deals.flatMap(({ purchase, pkg }) => purchaseTransactions(purchase, pkg)),
      ...ownedItems.map(({ owned, item }) => ({
        _id: owned.id,
        type: 'MARKETPLACE_PURCHASE',
        amount: owned.purchasePrice,
        timestamp: owned.purchaseDate.toISOString(),
        tx_hash: null,
        status: 'completed',
        item_details: {
          name: item.name,
          description: item.description,
          image_url: item.imageUrl,
          price: owned.purchasePrice,
          currency: owned.currency,
          item_type: item.itemType,
          rarity: item.rarity,
          purchase_date: owned.purchaseDate.toISOString(),
        },
      })),
      ...ownedCharacters.map(({ owned, character }) => ({
        _id: owned.id,
        type: 'MARKETPLACE_PURCHASE',
        amount: owned.purchasePrice,
        timestamp: owned.acquiredAt.toISOString(),
        tx_hash: null,
        status: 'completed',
        item_details: {
          name: character.name,
          description: character.description,
          image_url: character.image,
          price: owned.purchasePrice,
          currency: owned.currency,
          item_type: 'character',
          rarity: character.rarity,
          purchase_date: owned.acquiredAt.toISOString(),
        },
      })),
    ];
    return entries
      .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
      .slice(0, TRANSACTIONS_LIMIT);
  }
}
