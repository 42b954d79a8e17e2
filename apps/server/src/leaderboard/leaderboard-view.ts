import type { LeaderboardEntry } from '@titans/shared/leaderboard/schemas';

/** A snapshot row as the raw query answers it (bigint columns may arrive as strings). */
export interface SnapshotRow {
  rank: number;
  name: string;
  username: string;
  profile_picture: string;
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
    coins: Number(row.coins),
    referral_earnings: Number(row.referral_earnings),
  };
}
