import { z } from 'zod/mini';
import { languageSchema } from '../i18n/schemas.ts';

/*
 * The user as the API answers it, written with zod's functional `zod/mini` API. A new device's
 * first screen waits for the registration's answer and parses it with userSchema, so its
 * schemas chunk is fetched beside the app's script on a slow link: with zod/mini that chunk is
 * 16 KB compressed instead of the classic API's 25 KB (decisions D-WEB-46). The schemas nest in
 * the classic ones (the server's envelopes) as any zod schema does.
 */

export const avatarStatsSchema = z.object({
  health: z.int(),
  power: z.int(),
  defense: z.int(),
  speed: z.int(),
  experience: z.int(),
  experience_needed: z.int(),
});

export const upgradesSchema = z.object({
  tap_power: z.int(),
  energy_capacity: z.int(),
  energy_regen: z.int(),
  cooldown_reduction: z.int(),
});
export type Upgrades = z.infer<typeof upgradesSchema>;

/** A character the user owns, with its own progress (the `avatars` list). */
export const ownedAvatarSchema = z.object({
  character_id: z.string(),
  name: z.string(),
  image: z.string(),
  race: z.string(),
  rarity: z.string(),
  level: z.int(),
  health: z.int(),
  power: z.int(),
  defense: z.int(),
  speed: z.int(),
  experience: z.int(),
  tapValue: z.int(),
  acquired_at: z.string(),
});
export type OwnedAvatar = z.infer<typeof ownedAvatarSchema>;

export const taskProgressEntrySchema = z.object({
  task_id: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

/** The user as GET /user/{id} returns it (server fields in snake_case). */
export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  telegram_user_id: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  coins: z.int(),
  gems: z.int(),
  energy: z.int(),
  max_energy: z.int(),
  energy_regen_rate: z.number(),
  tap_power: z.int(),
  tap_multiplier: z.int(),
  cooldown: z.int(),
  skill_points: z.int(),
  level: z.int(),
  background_image: z.nullable(z.string()),
  background_item_id: z.nullable(z.string()),
  referral_code: z.string(),
  is_referral_upgraded: z.boolean(),
  wins: z.int(),
  losses: z.int(),
  /** Whether the account still has its practice fight: no stake, a first-win reward (PF1). */
  practice_fight: z.boolean(),
  /** The language the player reads: their choice in Profile, else Telegram's `language_code`. */
  language: z.optional(languageSchema),
  avatar_stats: avatarStatsSchema,
  upgrades: upgradesSchema,
  avatar: z.nullable(z.string()),
  avatars: z.array(ownedAvatarSchema),
  tasks_progress: z.array(taskProgressEntrySchema),
  is_banned: z.boolean(),
  ban_reason: z.nullable(z.string()),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
