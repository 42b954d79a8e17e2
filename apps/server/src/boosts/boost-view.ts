import { checkFreeRefill } from '@titans/shared/boosts/free-refill';
import type { BoostsView } from '@titans/shared/boosts/schemas';
import {
  tapStats,
  UPGRADE_KINDS,
  UPGRADES,
  type UpgradeKind,
  upgradePrice,
} from '@titans/shared/boosts/upgrades';
import {
  ENERGY_PER_CAPACITY_LEVEL,
  ENERGY_REGEN_PER_LEVEL,
  FREE_REFILLS_PER_DAY,
  REFILL_COOLDOWN_REDUCTION_SECONDS,
} from '@titans/shared/constants';
import { users } from '../db/schema.ts';
import { type UserRow, upgradeLevelColumns, upgradeLevelsOf } from '../users/upgrade-levels.ts';
import { type BalancesRow, currentBalances, type LiveBalanceSource } from '../users/user-view.ts';

function effectText(kind: UpgradeKind, level: number): string {
  switch (kind) {
    case 'tap_power':
      return `×${1 + level} per tap`;
    case 'energy_capacity':
      return `+${level * ENERGY_PER_CAPACITY_LEVEL} max energy`;
    case 'energy_regen':
      return `+${level * ENERGY_REGEN_PER_LEVEL} energy/s`;
    case 'cooldown_reduction':
      return `−${(level * REFILL_COOLDOWN_REDUCTION_SECONDS) / 60} min refill wait`;
  }
}

/** The columns the Boost screen and its rules read: a narrow select, not the whole users row. */
export const boostColumns = {
  id: users.id,
  ...upgradeLevelColumns,
  coins: users.coins,
  gems: users.gems,
  energy: users.energy,
  energyUpdatedAt: users.energyUpdatedAt,
  freeRefillsDay: users.freeRefillsDay,
  freeRefillsUsed: users.freeRefillsUsed,
  lastFreeRefillAt: users.lastFreeRefillAt,
};

/** A row with what the Boost screen needs. */
export type BoostRow = BalancesRow & Pick<UserRow, 'freeRefillsDay' | 'freeRefillsUsed' | 'lastFreeRefillAt'>;

/** B2: whether the user may take a free refill now, from their stored counters and Quick Refill level. */
export function freeRefillOf(user: BoostRow, now: number) {
  return checkFreeRefill(
    {
      day: user.freeRefillsDay,
      used: user.freeRefillsUsed,
      lastUsedAt: user.lastFreeRefillAt?.getTime() ?? null,
    },
    tapStats(upgradeLevelsOf(user)).refillCooldownSeconds,
    now,
  );
}

/** The Boost screen: every upgrade track with its next price, and the free refills left today. */
export function boostsView(user: BoostRow, live: LiveBalanceSource, now: number): BoostsView {
  const levels = upgradeLevelsOf(user);
  const stats = tapStats(levels);
  const balances = currentBalances(user, live, now);
  const refill = freeRefillOf(user, now);
  return {
    upgrades: UPGRADE_KINDS.map((kind) => {
      const level = levels[kind];
      const price = upgradePrice(kind, level);
      return {
        kind,
        title: UPGRADES[kind].title,
        description: UPGRADES[kind].description,
        level,
        max_level: UPGRADES[kind].maxLevel,
        price,
        effect: effectText(kind, level),
        next_effect: price === null ? null : effectText(kind, level + 1),
      };
    }),
    free_refill: {
      per_day: FREE_REFILLS_PER_DAY,
      used_today: refill.usedToday,
      remaining: FREE_REFILLS_PER_DAY - refill.usedToday,
      cooldown_seconds: stats.refillCooldownSeconds,
      available_at:
        !refill.ok && refill.availableAt !== null ? new Date(refill.availableAt).toISOString() : null,
    },
    coins: balances.coins,
    energy: balances.energy,
    max_energy: balances.max_energy,
    energy_regen_rate: stats.regenPerSecond,
    tap_multiplier: stats.tapMultiplier,
  };
}
