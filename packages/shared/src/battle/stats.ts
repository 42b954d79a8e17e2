import {
  ENERGY_BOOST_HEALTH_PER_POINT,
  LEVEL_ATTACK_BONUS,
  LEVEL_DEFENSE_BONUS,
  LEVEL_HEALTH_BONUS,
  LEVEL_SPEED_BONUS,
  XP_LEVEL_BASE,
  XP_LEVEL_GROWTH,
} from '../constants.ts';
import { energyEffect } from './energy-effect.ts';

/** Experience needed to go from `level` to the next: 100 at level 1, × 1.5 per level (D-BATTLE-8). */
export function experienceToNextLevel(level: number): number {
  return Math.round(XP_LEVEL_BASE * XP_LEVEL_GROWTH ** (Math.max(1, level) - 1));
}

/** Adds experience to a character, levelling up as often as it covers; experience is kept within the level. */
export function addExperience(
  level: number,
  experience: number,
  gained: number,
): { level: number; experience: number; levelsGained: number } {
  let nextLevel = level;
  let left = experience + gained;
  while (left >= experienceToNextLevel(nextLevel)) {
    left -= experienceToNextLevel(nextLevel);
    nextLevel++;
  }
  return { level: nextLevel, experience: left, levelsGained: nextLevel - level };
}

export interface BaseStats {
  health: number;
  attack: number;
  defense: number;
  speed: number;
}

export type ItemEffects = Partial<Record<'power_boost' | 'defense_boost' | 'energy_boost', number>>;

/** Adds effects to stats: power_boost → attack, defense_boost → defense, energy_boost → health. */
function addEffects<T extends BaseStats>(stats: T, effects: readonly ItemEffects[]): T {
  const sum = (key: keyof ItemEffects) => effects.reduce((total, effect) => total + (effect[key] ?? 0), 0);
  return {
    ...stats,
    health: stats.health + sum('energy_boost') * ENERGY_BOOST_HEALTH_PER_POINT,
    attack: stats.attack + sum('power_boost'),
    defense: stats.defense + sum('defense_boost'),
  };
}

/** The level's own bonus over the catalogue stats (nothing at level 1), F13. */
export function levelBonus(level: number): BaseStats {
  const above = Math.max(0, level - 1);
  return {
    health: above * LEVEL_HEALTH_BONUS,
    attack: above * LEVEL_ATTACK_BONUS,
    defense: above * LEVEL_DEFENSE_BONUS,
    speed: above * LEVEL_SPEED_BONUS,
  };
}

/**
 * F60: a hero's effective stats, the one set of numbers every screen and the battle use — the
 * character's catalogue stats, plus its level's bonuses (F13), plus the equipped items' effects,
 * plus the boosters running at battle start (F31), plus the health the energy chosen for the
 * battle buys (BAL5, `energyEffect`; nothing for the entry's 10). Items and boosters map alike:
 * power_boost → attack, defense_boost → defense, energy_boost → health.
 *
 * @example effectiveStats({ health: 4000, attack: 65, defense: 65, speed: 65 }, 2, [{ power_boost: 15 }])
 *   // → { health: 4100, attack: 83, defense: 68, speed: 66 }
 */
export function effectiveStats(
  character: BaseStats,
  level: number,
  items: readonly ItemEffects[] = [],
  boosters: ItemEffects = {},
  energy = 0,
): BaseStats {
  const bonus = levelBonus(level);
  return addEffects(
    {
      health: character.health + bonus.health + energyEffect(energy).bonusHealth,
      attack: character.attack + bonus.attack,
      defense: character.defense + bonus.defense,
      speed: character.speed + bonus.speed,
    },
    [...items, boosters],
  );
}

/**
 * F31 (decisions D-BATTLE-12): a player's stats with the boosters running when the battle starts,
 * mapped like items (power → attack, defense → defense, energy → health): `effectiveStats`' last
 * term, for the server, which adds the boosters inside the entry's transaction to stats it
 * computed before it. The result is the battle's snapshot; a booster ending later does not change it.
 *
 * @example withBoosters({ name, level, health: 4000, attack: 65, defense: 65, speed: 65 }, { power_boost: 5 })
 *   // → attack 70, the rest unchanged
 */
export function withBoosters<T extends BaseStats>(stats: T, boosts: ItemEffects): T {
  return addEffects(stats, [boosts]);
}

/** One number for matchmaking: how strong a fighter is (attack and defense weigh most). */
export function strengthOf(stats: BaseStats): number {
  return stats.health / 40 + stats.attack * 2 + stats.defense * 2 + stats.speed;
}
