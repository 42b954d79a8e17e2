import type { PurchaseState } from '@titans/shared/stars/schemas';
import { and, eq } from 'drizzle-orm';
import { failed, type Result, succeeded } from '../core/result.ts';
import { purchases, users } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import type { PaymentAnomaly } from './stars-invoices.ts';
import { purchaseForUpdate, returnedPromise, type StarsServiceDeps, UUID } from './stars-orders.ts';
import { type PurchaseRow, purchaseView } from './stars-view.ts';

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

/** A refund Telegram reports in a `refunded_payment` message: made outside the server, already paid out. */
export interface TelegramRefund {
  fromId: number;
  chargeId: string;
  /** The invoice's payload: the purchase id. */
  payload: string;
  currency: string;
  totalAmount: number;
}

/**
 * What a reported refund did: the gems taken back (`taken-back`, with any shortfall recorded),
 * nothing because it was recorded before (`duplicate`), the invoice closed before its payment was
 * recorded (`refunded-before-recorded`), or nothing because no purchase knows the charge.
 */
export type TelegramRefundOutcome =
  | 'taken-back'
  | 'duplicate'
  | 'refunded-before-recorded'
  | 'unknown-charge';

export interface TelegramRefundResult {
  outcome: TelegramRefundOutcome;
  purchaseId: string | null;
  debited: number;
  shortfall: number;
}

const NOTHING = { debited: 0, shortfall: 0 };
const UNKNOWN_CHARGE = 'refunded_payment for a charge no purchase records: nothing taken back';

/** A purchase's columns once refunded, by whom and when. */
function refundedBy(origin: 'operator' | 'telegram', now: number) {
  return { status: 'refunded', refundedAt: new Date(now), refundOrigin: origin } as const;
}

/** The gems a purchase credited and how many of them its holder still has (decisions: D-STARS-5). */
async function takeable(money: MoneyContext, purchase: PurchaseRow) {
  const credited = purchase.status === 'paid' ? purchase.diamonds : 0;
  const [holder] = await money.tx
    .select({ gems: users.gems })
    .from(users)
    .where(eq(users.id, purchase.userId));
  const debited = Math.min(credited, holder?.gems ?? 0);
  return { credited, debited, shortfall: credited - debited };
}

/** Operators' refunds of Stars payments and the refunds Telegram reports (rules S5, S12, S14). */
export class StarsRefunds {
  constructor(private readonly deps: StarsServiceDeps) {}

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
    Result<{
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
      const { credited, debited, shortfall } = await takeable(money, purchase);
      if (shortfall > 0 && !options.allowShortfall)
        return money.fail('stars/refund-shortfall', undefined, { holds: debited, needed: credited });
      const refunded = await returnedPromise(
        money.tx
          .update(purchases)
          .set({ ...refundedBy('operator', money.now), refundShortfall: shortfall })
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
   * S14: a refund made outside the server (Telegram's `refunded_payment`). Telegram has already
   * returned the Stars, so nothing is refused: the gems the purchase credited are taken back once
   * per charge id, in one balance change with the purchase marked refunded (`refund_origin`
   * telegram). A player who spent them keeps a balance of 0 (never negative, L2) and the rest is
   * recorded as the purchase's `refund_shortfall`, which the operator's player report shows as
   * gems owed (decisions: D-STARS-15). A payment recorded as an anomaly credited nothing and
   * takes nothing. A refund whose payment is not recorded yet closes its pending invoice with the
   * charge id, so the payment, when it is recorded, credits nothing.
   * A failure to record answers an error, so Telegram delivers the update again.
   */
  async recordTelegramRefund(refund: TelegramRefund): Promise<TelegramRefundResult> {
    const { gateway, logger } = this.deps;
    const { account, invoice } = await this.refundedAccount(refund);
    if (!account) {
      logger.error({ refund }, UNKNOWN_CHARGE);
      return { outcome: 'unknown-charge', purchaseId: null, ...NOTHING };
    }
    const result = await gateway.change(account, (money) => this.takeBack(money, refund, invoice));
    if (!result.ok)
      throw new Error(
        `Could not record the refund of ${refund.chargeId}: ${result.code} ${result.message ?? ''}`,
      );
    const done = result.value;
    if (done.outcome === 'unknown-charge') logger.error({ refund }, UNKNOWN_CHARGE);
    else if (done.shortfall > 0)
      logger.warn(
        { refund, purchaseId: done.purchaseId, debited: done.debited, shortfall: done.shortfall },
        `refunded by Telegram after ${done.shortfall} of its gems were spent: recorded as owed (npm run ops -- player ${refund.fromId})`,
      );
    else logger.info({ refund, outcome: done.outcome, debited: done.debited }, 'refunded_payment recorded');
    return done;
  }

  /**
   * The account a reported refund is taken from: the purchase's that recorded the charge, or, when
   * none did yet, the payer's whose invoice the payload names (`invoice`).
   */
  private async refundedAccount(refund: TelegramRefund): Promise<{ account?: string; invoice?: string }> {
    const { db } = this.deps.database;
    const [charged] = await db
      .select({ userId: purchases.userId })
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, refund.chargeId))
      .limit(1);
    if (charged) return { account: charged.userId };
    if (!UUID.test(refund.payload)) return {};
    const [pending] = await db
      .select({ id: purchases.id, userId: purchases.userId })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(and(eq(purchases.id, refund.payload), eq(users.telegramUserId, BigInt(refund.fromId))))
      .limit(1);
    return pending ? { account: pending.userId, invoice: pending.id } : {};
  }

  /** A reported refund's change, with the purchase row locked: once per charge id (S14). */
  private async takeBack(
    money: MoneyContext,
    refund: TelegramRefund,
    invoice: string | undefined,
  ): Promise<TelegramRefundResult> {
    const purchase =
      (await purchaseForUpdate(money.tx, eq(purchases.telegramPaymentChargeId, refund.chargeId))) ??
      (invoice ? await purchaseForUpdate(money.tx, eq(purchases.id, invoice)) : undefined);
    if (!purchase) return { outcome: 'unknown-charge', purchaseId: null, ...NOTHING };
    const refunded = refundedBy('telegram', money.now);
    if (purchase.telegramPaymentChargeId !== refund.chargeId) {
      // The invoice, found by its payload; it must still wait for this payment.
      if (purchase.status !== 'pending' || purchase.telegramPaymentChargeId !== null)
        return { outcome: 'unknown-charge', purchaseId: null, ...NOTHING };
      await money.tx
        .update(purchases)
        .set({ ...refunded, telegramPaymentChargeId: refund.chargeId, refundShortfall: 0 })
        .where(eq(purchases.id, purchase.id));
      return { outcome: 'refunded-before-recorded', purchaseId: purchase.id, ...NOTHING };
    }
    if (purchase.status === 'refunded') return { outcome: 'duplicate', purchaseId: purchase.id, ...NOTHING };
    const { debited, shortfall } = await takeable(money, purchase);
    await money.tx
      .update(purchases)
      .set({ ...refunded, refundShortfall: shortfall })
      .where(eq(purchases.id, purchase.id));
    if (debited > 0)
      await money.apply({
        userId: purchase.userId,
        currency: 'gems',
        delta: -debited,
        reason: 'stars:refund',
        idempotencyKey: `stars:refund:${refund.chargeId}`,
        meta: { purchase_id: purchase.id, charge_id: refund.chargeId, shortfall, origin: 'telegram' },
      });
    return { outcome: 'taken-back', purchaseId: purchase.id, debited, shortfall };
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
  ): Promise<Result<{ telegramUserId: number; chargeId: string }>> {
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
}
