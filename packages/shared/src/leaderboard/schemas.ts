import { z } from 'zod';

/**
 * One row of GET /leaderboard: public fields only (decisions: D-AUTH-4, D-LB-1). Rank is the
 * position in the list, from the latest snapshot.
 */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  /** The picture of the player's selected hero, null without one (LB4). */
  hero_picture: z.string().nullable(),
  coins: z.number().int(),
  referral_earnings: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardListSchema = z.array(leaderboardEntrySchema);

/** GET /leaderboard/me: the caller's own row; rank is null until a snapshot includes them (spec: "-"). */
export const leaderboardMeSchema = z.object({
  rank: z.number().int().nullable(),
  name: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  /** The picture of the player's selected hero, null without one (LB4). */
  hero_picture: z.string().nullable(),
  coins: z.number().int(),
  referral_earnings: z.number().int(),
  /** Players ranked in the snapshot. */
  total: z.number().int(),
  /** When the snapshot was taken (ISO), null before the first one. */
  refreshed_at: z.string().nullable(),
});
export type LeaderboardMe = z.infer<typeof leaderboardMeSchema>;
