import {
  BASE_ENERGY_REGEN_PER_SECOND,
  BASE_MAX_ENERGY,
  BASE_REFILL_COOLDOWN_SECONDS,
  ENERGY_PER_CAPACITY_LEVEL,
  ENERGY_REGEN_PER_LEVEL,
  MIN_REFILL_COOLDOWN_SECONDS,
  REFILL_COOLDOWN_REDUCTION_SECONDS,
} from '../constants.ts';

/** The four upgrade tracks of the user model (`upgrades`), bought on the Boost screen. */
export const UPGRADE_KINDS = ['tap_power', 'energy_capacity', 'energy_regen', 'cooldown_reduction'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];
export type UpgradeLevels = Record<UpgradeKind, number>;

export interface UpgradeDefinition {
  kind: UpgradeKind;
  title: string;
  description: string;
  /** Price of level 1; level n+1 costs basePrice × growth^n (decisions: D-BOOST-1). */
  basePrice: number;
  growth: number;
  maxLevel: number;
}

/** B1: upgrade prices grow geometrically; levels are capped (decisions: D-BOOST-1). */
export const UPGRADES: Record<UpgradeKind, UpgradeDefinition> = {
  tap_power: {
    kind: 'tap_power',
    title: 'Multitap',
    description: 'Each tap earns one more tap value (and spends one more energy).',
    basePrice: 2_000,
    growth: 2,
    maxLevel: 9,
  },
  energy_capacity: {
    kind: 'energy_capacity',
    title: 'Energy Limit',
    description: `+${ENERGY_PER_CAPACITY_LEVEL} maximum energy per level.`,
    basePrice: 2_000,
    growth: 2,
    maxLevel: 10,
  },
  energy_regen: {
    kind: 'energy_regen',
    title: 'Recharging Speed',
    description: `+${ENERGY_REGEN_PER_LEVEL} energy per second per level.`,
    basePrice: 5_000,
    growth: 2.5,
    maxLevel: 5,
  },
  cooldown_reduction: {
    kind: 'cooldown_reduction',
    title: 'Quick Refill',
    description: `Free energy refills come ${REFILL_COOLDOWN_REDUCTION_SECONDS / 60} minutes sooner per level.`,
    basePrice: 3_000,
    growth: 2,
    maxLevel: 5,
  },
};

/** Price of the next level, or null when the track is at its maximum. */
export function upgradePrice(kind: UpgradeKind, currentLevel: number): number | null {
  const definition = UPGRADES[kind];
  if (currentLevel >= definition.maxLevel) return null;
  return Math.round(definition.basePrice * definition.growth ** currentLevel);
}

/** What the levels mean for tapping: the derived user stats. */
export interface TapStats {
  maxEnergy: number;
  regenPerSecond: number;
  tapMultiplier: number;
  refillCooldownSeconds: number;
}

/** Derives max energy, regeneration, tap multiplier and refill cooldown from upgrade levels. */
export function tapStats(levels: UpgradeLevels): TapStats {
  return {
    maxEnergy: BASE_MAX_ENERGY + levels.energy_capacity * ENERGY_PER_CAPACITY_LEVEL,
    regenPerSecond: BASE_ENERGY_REGEN_PER_SECOND + levels.energy_regen * ENERGY_REGEN_PER_LEVEL,
    tapMultiplier: 1 + levels.tap_power,
    refillCooldownSeconds: Math.max(
      MIN_REFILL_COOLDOWN_SECONDS,
      BASE_REFILL_COOLDOWN_SECONDS - levels.cooldown_reduction * REFILL_COOLDOWN_REDUCTION_SECONDS,
    ),
  };
}
