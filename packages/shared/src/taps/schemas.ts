import { z } from 'zod';
import { telegramUserIdSchema } from '../auth/telegram-user-id.ts';
import { MAX_TAPS_PER_EVENT } from '../constants.ts';

/** `initUser {telegram_user_id}`: announces the user; it must be the caller. */
export const initUserPayloadSchema = z.strictObject({ telegram_user_id: telegramUserIdSchema });
export type InitUserPayload = z.infer<typeof initUserPayloadSchema>;

/**
 * `tap {telegram_user_id, tap_power, tap_multiplier}`, plus `count` (several taps
 * in one event) and `seq` (a batch number per client, so a resent batch is applied once).
 * tap_power and tap_multiplier are accepted for compatibility and ignored: the server computes value.
 */
export const tapPayloadSchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  tap_power: z.number().finite().optional(),
  tap_multiplier: z.number().finite().optional(),
  count: z.number().int().min(1).max(MAX_TAPS_PER_EVENT).optional(),
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TapPayload = z.infer<typeof tapPayloadSchema>;

/** Balances as the realtime events carry them (coins, energy, max_energy, pending). */
export const statusPayloadSchema = z.object({
  /** Coins confirmed durable. The optimistic total a player sees is coins + pending. */
  coins: z.number().int(),
  energy: z.number().int(),
  max_energy: z.number().int(),
  /** Coins accepted from taps and not yet durable. */
  pending: z.number().int(),
  gems: z.number().int().optional(),
  energy_regen_rate: z.number().optional(),
  tap_value: z.number().int().optional(),
  /** Energy (and tap value multiple) one tap costs: the Multitap multiplier. */
  tap_multiplier: z.number().int().optional(),
  /** The highest tap batch of this client that is durable. */
  confirmed_seq: z.number().int().optional(),
  /** The highest tap batch of this client the server has applied (durable or pending). */
  applied_seq: z.number().int().optional(),
});
export type StatusPayload = z.infer<typeof statusPayloadSchema>;

/** `tapRegistered`: what the server did with one tap event. */
export const tapRegisteredPayloadSchema = z.object({
  seq: z.number().int().nullable(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  reason: z.enum(['energy', 'rate', 'duplicate']).nullable(),
  /** Coins the accepted taps earned. */
  value: z.number().int(),
  /** Optimistic total: confirmed coins plus pending. */
  total: z.number().int(),
  coins: z.number().int(),
  pending: z.number().int(),
  energy: z.number().int(),
  max_energy: z.number().int(),
  combo: z.number().int(),
});
export type TapRegisteredPayload = z.infer<typeof tapRegisteredPayloadSchema>;

/** `error {message}`; `code` is a shared error code, `seq` names the tap batch that failed. */
export const errorPayloadSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  seq: z.number().int().optional(),
});
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;
