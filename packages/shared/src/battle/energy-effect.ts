import { BATTLE_ENTRY_ENERGY, ENERGY_PER_BONUS_HEALTH, MAX_BATTLE_ENERGY } from '../constants.ts';

export interface EnergyEffect {
  /** The energy the battle takes: the request, less an odd point that would buy nothing. */
  energy: number;
  /** Added to the fighter's starting and maximum health. */
  bonusHealth: number;
}

/**
 * BAL5 (decisions D-BALANCE-4): what the energy chosen for a battle buys. Up to the first 10
 * (the spec's default) it is the entry; every 2 more add 1 to the fighter's starting and maximum
 * health, up to the dialog's 3,000 (+1,495 health). No energy is taken for nothing: a last odd
 * point above the entry is not taken. The server applies it when the battle starts and the start
 * dialog shows it before Start, both from this one function.
 *
 * @example energyEffect(10)   // → { energy: 10, bonusHealth: 0 }
 * @example energyEffect(1001) // → { energy: 1000, bonusHealth: 495 }
 */
export function energyEffect(requested: number): EnergyEffect {
  const chosen = Math.min(MAX_BATTLE_ENERGY, Math.max(0, Math.floor(requested)));
  const bonusHealth = Math.floor(Math.max(0, chosen - BATTLE_ENTRY_ENERGY) / ENERGY_PER_BONUS_HEALTH);
  const energy = Math.min(chosen, BATTLE_ENTRY_ENERGY) + bonusHealth * ENERGY_PER_BONUS_HEALTH;
  return { energy, bonusHealth };
}

/** A fighter's stats with the energy spent on the battle (BAL5): more health, nothing else. */
export function withEnergy<T extends { health: number }>(stats: T, requested: number): T {
  return { ...stats, health: stats.health + energyEffect(requested).bonusHealth };
}
