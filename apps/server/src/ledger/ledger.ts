import type { Currency } from '@titans/shared/characters/schemas';
import type { ErrorCode } from '@titans/shared/errors';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { ledger, users } from '../db/schema.ts';
import { failed, type MoneyResult, succeeded } from '../money/money-result.ts';

export interface BalanceChange {
  userId: string;
  currency: Currency;
  /** Positive credits, negative debits. */
  delta: number;
  reason: string;
  /** One key per business event: applying the same event twice fails on the unique index. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  /** The error code a debit larger than the balance answers with. */
  insufficient?: ErrorCode;
}

/**
 * L1: writes one balance change and its ledger row in the caller's transaction and answers the
 * new balance. A debit larger than the balance changes nothing and answers `insufficient`.
 * Coins credited count towards total_coins_earned. Features never call this: they go through
 * the BalanceGateway, which runs it inside the player's serialised change.
 */
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<MoneyResult<number>> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0)
    throw new Error(`Invalid balance delta ${change.delta}`);
  const column = change.currency === 'coins' ? users.coins : users.gems;
  const set =
    change.currency === 'coins'
      ? {
          coins: sql`${users.coins} + ${change.delta}`,
          totalCoinsEarned:
            change.delta > 0
              ? sql`${users.totalCoinsEarned} + ${change.delta}`
              : sql`${users.totalCoinsEarned}`,
        }
      : { gems: sql`${users.gems} + ${change.delta}` };
  const [row] = await tx
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(users.id, change.userId), change.delta < 0 ? gte(column, -change.delta) : undefined))
    .returning({ balance: column });
  if (!row) return failed(change.insufficient ?? 'ledger/insufficient-funds');
  await tx.insert(ledger).values({
    userId: change.userId,
    currency: change.currency,
    delta: change.delta,
    balanceAfter: row.balance,
    reason: change.reason,
    idempotencyKey: change.idempotencyKey,
    meta: change.meta ?? {},
  });
  return succeeded(row.balance);
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
