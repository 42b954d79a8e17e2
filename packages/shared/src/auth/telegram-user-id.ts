import { z } from 'zod';

/**
 * A Telegram user id on the wire: digits, as a string or a number. Ids are compared by value,
 * so the development user `00000002` and `2` are the same user (decisions: D-AUTH-2).
 */
export const telegramUserIdSchema = z.union([
  z.string().regex(/^\d{1,20}$/, 'must be a Telegram user id'),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);

/** Canonical form of a Telegram user id: decimal digits without leading zeros. */
export function canonicalTelegramId(id: string | number | bigint): string {
  return BigInt(id).toString();
}

/** True when two Telegram user ids name the same user. */
export function sameTelegramUser(a: string | number | bigint, b: string | number | bigint): boolean {
  // Fast path for the common case (every tap carries the id): identical canonical text.
  if (String(a) === String(b)) return true;
  return BigInt(a) === BigInt(b);
}
