import { z } from 'zod';
import { telegramUserIdSchema, userRefTextSchema } from '../auth/telegram-user-id.ts';
import { MAX_NAME_LENGTH, MAX_URL_LENGTH } from '../constants.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { catalogueIdSchema, safeText } from '../input/safe-text.ts';

export {
  avatarStatsSchema,
  type OwnedAvatar,
  ownedAvatarSchema,
  taskProgressEntrySchema,
  type Upgrades,
  type User,
  upgradesSchema,
  userSchema,
} from './answer-schemas.ts';

/** Profile stats, with the public fields the profile shows. */
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

/** PUT /user/{id}/language: the player's own choice of language, kept on the account. */
export const setLanguageBodySchema = z.strictObject({ language: z.enum(LANGUAGES) });
export type SetLanguageBody = z.infer<typeof setLanguageBodySchema>;

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
