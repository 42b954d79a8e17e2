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

/** A path `{id}` or body `user_id` that is a Telegram id, as text. */
const TELEGRAM_ID_TEXT = /^\d{1,20}$/;

/**
 * A `user_id` (in a body) or a user `{id}` (in a path): the player's Telegram id or their account
 * id (the `_id` the API answers). Both name the same player, everywhere (decisions: D-AUTH-7).
 */
export const userRefSchema = z.union([
  telegramUserIdSchema,
  z.uuid('must be a Telegram user id or account id'),
]);
/** The path form of `userRefSchema`: path parameters are text. */
export const userRefTextSchema = z.union([
  z.string().regex(TELEGRAM_ID_TEXT, 'must be a Telegram user id or account id'),
  z.uuid('must be a Telegram user id or account id'),
]);
export type UserRef = z.infer<typeof userRefSchema>;

/** The player a reference is checked against: their Telegram id, and their account id once registered. */
export interface UserRefOwner {
  telegramUserId: string;
  accountId: string | null;
}

/** True when a `user_id` or user `{id}` names this player, by Telegram id or by account id. */
export function namesUser(ref: string | number, owner: UserRefOwner): boolean {
  const text = String(ref);
  if (TELEGRAM_ID_TEXT.test(text)) return sameTelegramUser(text, owner.telegramUserId);
  return owner.accountId !== null && text.toLowerCase() === owner.accountId.toLowerCase();
}
