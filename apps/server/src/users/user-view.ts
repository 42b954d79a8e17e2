import { effectiveStats, experienceToNextLevel } from '@titans/shared/battle/stats';
import { tapStats } from '@titans/shared/boosts/upgrades';
import { DEFAULT_TAP_VALUE } from '@titans/shared/constants';
import { playerLanguage } from '@titans/shared/i18n/languages';
import { regenerate } from '@titans/shared/taps/energy';
import type { Balances, Profile, User } from '@titans/shared/user/schemas';
import { type LevelsRow, type UserRow, upgradeLevelsOf } from './upgrade-levels.ts';
import type { ProfileCounts, UserViewParts } from './user-repository.ts';

/** What the realtime tap engine knows about a user that the database does not yet. */
export interface LiveBalance {
  /** Coins accepted from taps but not yet durable; the stored coins are the confirmed ones. */
  pending: number;
  energy: number;
  maxEnergy: number;
}

/** Supplies live balances; the tap engine implements it, and it answers undefined for idle users. */
export interface LiveBalanceSource {
  live(userId: string, now: number): LiveBalance | undefined;
}

/** What the balances are computed from: a narrow read is enough (boost-service.ts). */
export type BalancesRow = LevelsRow & Pick<UserRow, 'id' | 'coins' | 'gems' | 'energy' | 'energyUpdatedAt'>;

/** Balances as stored, with energy regenerated to `now`. */
export function storedBalances(user: BalancesRow, now: number): Balances {
  const stats = tapStats(upgradeLevelsOf(user));
  const energy = regenerate(
    { energy: user.energy, at: user.energyUpdatedAt.getTime() },
    { max: stats.maxEnergy, regenPerSecond: stats.regenPerSecond },
    now,
  );
  return {
    coins: user.coins,
    gems: user.gems,
    energy: energy.energy,
    max_energy: stats.maxEnergy,
    pending: 0,
  };
}

/** The authoritative balances: stored ones, overlaid with the tap engine's live view. */
export function currentBalances(user: BalancesRow, source: LiveBalanceSource, now: number): Balances {
  const stored = storedBalances(user, now);
  const live = source.live(user.id, now);
  if (!live) return stored;
  return { ...stored, pending: live.pending, energy: live.energy, max_energy: live.maxEnergy };
}

/** The user as GET /user/{id} returns it (spec-a §3). */
export function userView(user: UserRow, parts: UserViewParts, source: LiveBalanceSource, now: number): User {
  const { owned, progress } = parts;
  const stats = tapStats(upgradeLevelsOf(user));
  const balances = currentBalances(user, source, now);
  const hero = owned.find((entry) => entry.character.id === user.selectedCharacterId);
  const selected = hero?.character;
  // F61: level and experience are the selected hero's (D-USER-3), its stats the shared effective
  // ones at that level (F60), before the items and boosters a battle adds.
  const level = hero?.owned.level ?? 1;
  const heroStats = effectiveStats(
    {
      health: selected?.health ?? 100,
      attack: selected?.power ?? 10,
      defense: selected?.defense ?? 5,
      speed: selected?.speed ?? 5,
    },
    level,
  );
  return {
    _id: user.id,
    id: user.id,
    telegram_user_id: user.telegramUserId.toString(),
    username: user.username || user.firstName || 'Player',
    profile_picture: user.profilePicture,
    coins: balances.coins,
    gems: balances.gems,
    energy: balances.energy,
    max_energy: balances.max_energy,
    energy_regen_rate: stats.regenPerSecond,
    tap_power: selected?.tapValue ?? DEFAULT_TAP_VALUE,
    tap_multiplier: stats.tapMultiplier,
    cooldown: stats.refillCooldownSeconds,
    skill_points: user.skillPoints,
    level,
    background_image: parts.backgroundUrl,
    background_item_id: user.backgroundItemId,
    referral_code: user.referralCode,
    is_referral_upgraded: user.isReferralUpgraded,
    wins: user.wins,
    losses: user.losses,
    practice_fight: user.practiceWonAt === null,
    avatar_stats: {
      health: heroStats.health,
      power: heroStats.attack,
      defense: heroStats.defense,
      speed: heroStats.speed,
      experience: hero?.owned.experience ?? 0,
      experience_needed: experienceToNextLevel(level),
    },
    upgrades: upgradeLevelsOf(user),
    avatar: user.selectedCharacterId,
    avatars: owned.map(({ owned: ownership, character }) => ({
      character_id: character.id,
      name: character.name,
      image: character.image,
      race: character.race,
      rarity: character.rarity,
      level: ownership.level,
      health: character.health,
      power: character.power,
      defense: character.defense,
      speed: character.speed,
      experience: ownership.experience,
      tapValue: character.tapValue,
      acquired_at: ownership.acquiredAt.toISOString(),
    })),
    tasks_progress: progress.map((entry) => ({
      task_id: entry.taskId,
      status: entry.status,
      metadata: entry.metadata,
    })),
    is_banned: user.isBanned,
    ban_reason: user.banReason,
    created_at: user.createdAt.toISOString(),
    // L1, L2: the player's own choice, else Telegram's language_code, else English.
    language: playerLanguage(user.language, user.languageCode),
  };
}

/** Profile stats (spec-a §3): battles, win rate, coins earned, tasks completed, referrals. */
export function profileView(
  user: UserRow,
  counts: ProfileCounts,
  source: LiveBalanceSource,
  now: number,
): Profile {
  const balances = currentBalances(user, source, now);
  const { battles: totalBattles, battlesWon } = counts;
  return {
    telegram_user_id: user.telegramUserId.toString(),
    username: user.username || user.firstName || 'Player',
    profile_picture: user.profilePicture,
    level: user.level,
    totalReferrals: counts.referrals,
    totalBattles,
    battlesWon,
    winRate: totalBattles === 0 ? 0 : Math.round((battlesWon / totalBattles) * 1000) / 10,
    totalCoinsEarned: user.totalCoinsEarned + balances.pending,
    currentCoins: balances.coins,
    tasksCompleted: counts.tasksCompleted,
  };
}
