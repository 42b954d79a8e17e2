import type { LeaderboardEntry } from '@titans/shared/leaderboard/schemas';

/** A snapshot row as the raw query answers it (bigint columns may arrive as strings). */
export interface SnapshotRow {
  rank: number;
  name: string;
  username: string;
  profile_picture: string;
  /** The selected hero's picture, joined when the rows are read (LB4). */
  hero_picture: string | null;
  coins: number | string;
  referral_earnings: number | string;
}

/** Public fields only (decisions: D-AUTH-4): no ids, no Stars, no Telegram id. */
export function snapshotEntryView(row: SnapshotRow): LeaderboardEntry {
  return {
    rank: Number(row.rank),
    name: row.name,
    username: row.username,
    profile_picture: row.profile_picture,
    hero_picture: row.hero_picture ?? null,
    coins: Number(row.coins),
    referral_earnings: Number(row.referral_earnings),
  };
}
