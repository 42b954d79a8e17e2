import { z } from 'zod';
import { telegramUserIdSchema, userRefTextSchema } from '../auth/telegram-user-id.ts';
import { MAX_NAME_LENGTH, MAX_URL_LENGTH } from '../constants.ts';
import { catalogueIdSchema, safeText } from '../input/safe-text.ts';

export const avatarStatsSchema = z.object({
  health: z.number().int(),
  power: z.number().int(),
  defense: z.number().int(),
  speed: z.number().int(),
  experience: z.number().int(),
  experience_needed: z.number().int(),
});

export const upgradesSchema = z.object({
  tap_power: z.number().int(),
  energy_capacity: z.number().int(),
  energy_regen: z.number().int(),
  cooldown_reduction: z.number().int(),
});
export type Upgrades = z.infer<typeof upgradesSchema>;

/** A character the user owns, with its own progress (the `avatars` list of spec-a §3). */
export const ownedAvatarSchema = z.object({
  character_id: z.string(),
  name: z.string(),
  image: z.string(),
  race: z.string(),
  rarity: z.string(),
  level: z.number().int(),
  health: z.number().int(),
  power: z.number().int(),
  defense: z.number().int(),
  speed: z.number().int(),
  experience: z.number().int(),
  tapValue: z.number().int(),
  acquired_at: z.string(),
});
export type OwnedAvatar = z.infer<typeof ownedAvatarSchema>;

export const taskProgressEntrySchema = z.object({
  task_id: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

/** The user as GET /user/{id} returns it (spec-a §3, server fields in snake_case). */
export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  telegram_user_id: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  coins: z.number().int(),
  gems: z.number().int(),
  energy: z.number().int(),
  max_energy: z.number().int(),
  energy_regen_rate: z.number(),
  tap_power: z.number().int(),
  tap_multiplier: z.number().int(),
  cooldown: z.number().int(),
  skill_points: z.number().int(),
  level: z.number().int(),
  background_image: z.string().nullable(),
  background_item_id: z.string().nullable(),
  referral_code: z.string(),
  is_referral_upgraded: z.boolean(),
  wins: z.number().int(),
  losses: z.number().int(),
  avatar_stats: avatarStatsSchema,
  upgrades: upgradesSchema,
  avatar: z.string().nullable(),
  avatars: z.array(ownedAvatarSchema),
  tasks_progress: z.array(taskProgressEntrySchema),
  is_banned: z.boolean(),
  ban_reason: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Profile stats (spec-a §3 "Profile stats"), with the public fields the profile shows. */
export const profileSchema = z.object({
  telegram_user_id: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  level: z.number().int(),
  totalReferrals: z.number().int(),
  totalBattles: z.number().int(),
  battlesWon: z.number().int(),
  winRate: z.number(),
  totalCoinsEarned: z.number().int(),
  currentCoins: z.number().int(),
  tasksCompleted: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /user/register. Username and picture are taken from the signed init data, not from here. */
export const registerBodySchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  username: safeText(MAX_NAME_LENGTH).optional(),
  profile_picture: safeText(MAX_URL_LENGTH).optional(),
  referral_code: safeText(64).trim().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** PUT /user/update/{id}: only the background may be changed by the player. */
export const updateUserBodySchema = z.strictObject({
  background_image: safeText(MAX_URL_LENGTH).nullable(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** POST /user/{id}/select-character. */
export const selectCharacterBodySchema = z.strictObject({
  characterId: catalogueIdSchema,
});
export type SelectCharacterBody = z.infer<typeof selectCharacterBodySchema>;

/** POST /user/{id}/sync-balance answer: the authoritative balances. */
export const balancesSchema = z.object({
  coins: z.number().int(),
  gems: z.number().int(),
  energy: z.number().int(),
  max_energy: z.number().int(),
  pending: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;

/** A path `{id}` naming a user: their Telegram id or account id (D-AUTH-7). */
export const userIdParamsSchema = z.strictObject({ id: userRefTextSchema });
