import type { PurchaseState } from '@titans/shared/stars/schemas';
import { eq } from 'drizzle-orm';
import { purchases, users } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import { failed, type MoneyResult, succeeded } from '../money/money-result.ts';
import type { PaymentAnomaly } from './stars-invoices.ts';
import { purchaseForUpdate, returnedPromise, type StarsServiceDeps } from './stars-orders.ts';
import { purchaseView } from './stars-view.ts';

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

/** An operator's refunds of Stars payments (rules S5, S12). */
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
      const refunded = await returnedPromise(
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
}
