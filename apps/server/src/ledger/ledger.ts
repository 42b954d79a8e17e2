import type { Currency } from '@titans/shared/characters/schemas';
import type { ErrorCode } from '@titans/shared/errors';
import { getTableName } from 'drizzle-orm';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { RawQuery } from '../db/database.ts';
import { ledger, users } from '../db/schema.ts';

export interface BalanceChange {
  userId: string;
  currency: Currency;
  /** Positive credits, negative debits. */
  delta: number;
  reason: string;
  /** One key per business event: applying the same event twice fails on the unique index. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  /**
   * Coins of a credit that count towards total_coins_earned; all of it by default. A credit that
   * gives back what the player put in (a battle's stake) earns nothing (decisions D-BATTLE-13).
   */
  earned?: number;
  /** The error code a debit larger than the balance answers with. */
  insufficient?: ErrorCode;
}

/**
 * L1: writes one balance change and its ledger row in the caller's transaction and answers the
 * new balance. A debit larger than the balance changes nothing and answers `insufficient`.
 * Coins credited count towards total_coins_earned. Features never call this: they go through
 * the BalanceGateway, which runs it inside the player's serialised change.
 */
export async function changeBalance(query: RawQuery, change: BalanceChange): Promise<Result<number>> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0)
    throw new Error(`Invalid balance delta ${change.delta}`);
  const earned = change.currency === 'coins' && change.delta > 0 ? (change.earned ?? change.delta) : 0;
  const [row] = await query<{ balance_after: number | string }>(CHANGE_SQL[change.currency], [
    change.userId,
    change.delta,
    earned,
    change.reason,
    change.idempotencyKey,
    JSON.stringify(change.meta ?? {}),
  ]);
  if (!row) return failed(change.insufficient ?? 'ledger/insufficient-funds');
  return succeeded(Number(row.balance_after));
}

/**
 * The balance change as fixed SQL text per currency, built once: the text never varies, so it
 * is not built again for every change. Coins credited count towards total_coins_earned.
 * One statement for the balance and its ledger row (a third fewer round trips per change than an
 * UPDATE then an INSERT): a debit above the balance updates no row, so no ledger row either.
 */
const CHANGE_SQL: Record<Currency, string> = {
  coins: changeSql('coins', users.coins.name),
  gems: changeSql('gems', users.gems.name),
};

function changeSql(currency: Currency, column: string): string {
  const balance = `"${column}"`;
  return `
    with changed as (
      update "${getTableName(users)}"
      set ${balance} = ${balance} + $2::bigint,
          "${users.totalCoinsEarned.name}" = "${users.totalCoinsEarned.name}" + $3::bigint,
          "${users.updatedAt.name}" = now()
      where "${users.id.name}" = $1::uuid and ${balance} + $2::bigint >= 0
      returning ${balance} as balance
    )
    insert into "${getTableName(ledger)}" (user_id, currency, delta, balance_after, reason, idempotency_key, meta)
    select $1::uuid, '${currency}', $2::bigint, balance, $4::text, $5::text, $6::jsonb
    from changed
    returning balance_after`;
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
