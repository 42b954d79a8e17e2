import type { DiamondPackage, PurchaseState } from '@titans/shared/stars/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { Database, Tx } from '../db/database.ts';
import { returnedRow } from '../db/returned.ts';
import { diamondPackages, purchases } from '../db/schema.ts';
import { isUniqueViolation } from '../ledger/ledger.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import type { Account } from '../users/user-service.ts';
import { type PackageRow, packageView, purchaseView } from './stars-view.ts';
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
  /**
   * Development mode without a bot (no TELEGRAM_BOT_TOKEN, no webhook secret): a Stars order is
   * paid in the app's development invoice instead of Telegram's sheet (D-STARS-14). Absent: false.
   */
  developmentInvoices?: boolean;
  /** Null when no receiving wallet is configured. */
  ton: { client: TonClient; wallet: string } | null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one purchase row an insert or update returned (a missing row is a bug). */
export async function returnedPromise<T>(rows: Promise<T[]>): Promise<T> {
  return returnedRow(await rows, 'purchase');
}

/** A purchase row locked for the balance change that reads it. */
export async function purchaseForUpdate(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(purchases).where(where).for('update').limit(1);
  return row ?? null;
}

/** The packages on sale, pending orders and a player's purchase reads (rules S1, S6, S8). */
export class StarsOrders {
  constructor(private readonly deps: StarsServiceDeps) {}

  async packages(): Promise<DiamondPackage[]> {
    const rows = await this.deps.database.db
      .select()
      .from(diamondPackages)
      .where(eq(diamondPackages.isActive, true))
      .orderBy(asc(diamondPackages.sortOrder), asc(diamondPackages.priceStars));
    return rows.map(packageView);
  }

  async packageRow(id: string): Promise<PackageRow | null> {
    const [row] = await this.deps.database.db
      .select()
      .from(diamondPackages)
      .where(and(eq(diamondPackages.id, id), eq(diamondPackages.isActive, true)))
      .limit(1);
    return row ?? null;
  }

  async package(id: string): Promise<Result<DiamondPackage>> {
    const row = await this.packageRow(id);
    return row ? succeeded(packageView(row)) : failed('stars/package-not-found');
  }

  /** A new pending purchase with a unique order reference `{prefix}-{telegram id}-{timestamp}`. */
  async insertPending(user: Account, pkg: PackageRow, method: 'telegram_stars' | 'ton', prefix: string) {
    const base = this.deps.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const rows = await this.deps.database.db
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
        return returnedRow(rows, 'purchase');
      } catch (error) {
        // Two orders of one player in the same millisecond: the next millisecond keeps refs unique.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  async purchase(userId: string, purchaseId: string): Promise<Result<PurchaseState>> {
    if (!UUID.test(purchaseId)) return failed('stars/purchase-not-found');
    const [row] = await this.deps.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)))
      .limit(1);
    return row ? succeeded(purchaseView(row)) : failed('stars/purchase-not-found');
  }

  async purchaseByOrder(userId: string, orderRef: string, packageId: string): Promise<Result<PurchaseState>> {
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
}
