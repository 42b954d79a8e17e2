import { z } from 'zod';
import { UPGRADE_KINDS } from './upgrades.ts';

export const upgradeViewSchema = z.object({
  kind: z.enum(UPGRADE_KINDS),
  title: z.string(),
  description: z.string(),
  level: z.number().int(),
  max_level: z.number().int(),
  /** Coins for the next level; null at the maximum. */
  price: z.number().int().nullable(),
  /** The effect now and after the next level, as a short text ("+500 max energy"). */
  effect: z.string(),
  next_effect: z.string().nullable(),
});
export type UpgradeView = z.infer<typeof upgradeViewSchema>;

export const freeRefillViewSchema = z.object({
  per_day: z.number().int(),
  used_today: z.number().int(),
  remaining: z.number().int(),
  cooldown_seconds: z.number().int(),
  /** When the next free refill can be used (ISO), or null when one is available now or none remain. */
  available_at: z.string().nullable(),
});

export const boostsViewSchema = z.object({
  upgrades: z.array(upgradeViewSchema),
  free_refill: freeRefillViewSchema,
  coins: z.number().int(),
  energy: z.number().int(),
  max_energy: z.number().int(),
  energy_regen_rate: z.number(),
  tap_multiplier: z.number().int(),
});
export type BoostsView = z.infer<typeof boostsViewSchema>;

/**
 * POST /boosts/upgrade. `level` (optional) is the level the player is looking at: a repeated
 * request for a level already bought buys nothing (`boost/level-changed`).
 */
export const buyUpgradeBodySchema = z.strictObject({
  kind: z.enum(UPGRADE_KINDS),
  level: z.number().int().min(0).max(100).optional(),
});
