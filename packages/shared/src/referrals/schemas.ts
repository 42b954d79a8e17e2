import { z } from 'zod';
import { telegramUserIdSchema } from '../auth/telegram-user-id.ts';

/**
 * One entry of GET /user/{id}/referrals (_id, username, createdAt,
 * referral_earnings), with the public fields the list shows. `status` is `pending` until the
 * friend chooses a hero, when both players are paid (decisions: D-REF-2).
 */
export const referralEntrySchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profile_picture: z.string(),
  createdAt: z.string(),
  /** Coins the inviter earned for this friend; absent until they are credited (display falls back). */
  referral_earnings: z.number().int().optional(),
  status: z.enum(['pending', 'credited']),
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;

export const referralListSchema = z.array(referralEntrySchema);

/** POST /user/{id}/upgrade-referral body (telegram_user_id). */
export const upgradeReferralBodySchema = z.strictObject({ telegram_user_id: telegramUserIdSchema });
export type UpgradeReferralBody = z.infer<typeof upgradeReferralBodySchema>;

/** POST /user/{id}/upgrade-referral answer (data.gems_remaining). */
export const upgradeReferralResultSchema = z.object({
  gems_remaining: z.number().int(),
  is_referral_upgraded: z.literal(true),
  reward_per_referral: z.number().int(),
});
export type UpgradeReferralResult = z.infer<typeof upgradeReferralResultSchema>;

/** GET /config: the public settings the app needs to build referral links (t.me/<bot>/<app>). */
export const appConfigSchema = z.object({
  bot_username: z.string().nullable(),
  mini_app_name: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Socket event `referralJoined`, to the inviter when a friend's reward is paid. */
export const referralJoinedPayloadSchema = z.object({
  username: z.string(),
  name: z.string(),
  reward: z.number().int(),
  coins: z.number().int(),
});
export type ReferralJoinedPayload = z.infer<typeof referralJoinedPayloadSchema>;

/**
 * Referral link format: the start parameter is `buddies_` followed by the code.
 * Example: `referralLink('titans_bot', 'play', 'AB12CD34')` → `https://t.me/titans_bot/play?startapp=buddies_AB12CD34`.
 */
export function referralLink(botUsername: string, miniAppName: string, code: string): string {
  return `https://t.me/${botUsername}/${miniAppName}?startapp=buddies_${code}`;
}
