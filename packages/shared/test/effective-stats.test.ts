import { describe, expect, it } from 'vitest';
import { energyEffect, withEnergy } from '../src/battle/energy-effect.ts';
import { effectiveStats, levelBonus, withBoosters } from '../src/battle/stats.ts';
import {
  ENERGY_BOOST_HEALTH_PER_POINT,
  LEVEL_ATTACK_BONUS,
  LEVEL_DEFENSE_BONUS,
  LEVEL_HEALTH_BONUS,
  LEVEL_SPEED_BONUS,
} from '../src/constants.ts';

const aldric = { health: 4_000, attack: 65, defense: 65, speed: 65 };

describe('effectiveStats, the one set of numbers (F60)', () => {
  it('F60 at level 1 with nothing equipped a hero fights with its catalogue stats', () => {
    expect(effectiveStats(aldric, 1)).toEqual(aldric);
    expect(levelBonus(1)).toEqual({ health: 0, attack: 0, defense: 0, speed: 0 });
  });

  it('F60 each level above 1 adds the constants, not numbers written elsewhere', () => {
    expect(effectiveStats(aldric, 4)).toEqual({
      health: 4_000 + 3 * LEVEL_HEALTH_BONUS,
      attack: 65 + 3 * LEVEL_ATTACK_BONUS,
      defense: 65 + 3 * LEVEL_DEFENSE_BONUS,
      speed: 65 + 3 * LEVEL_SPEED_BONUS,
    });
  });

  it("F60 the issue's case: level 2 with three items is what the intro showed (4,100 / 83 / 73)", () => {
    const items = [{ power_boost: 10 }, { power_boost: 5, defense_boost: 2 }, { defense_boost: 3 }];
    const stats = effectiveStats(aldric, 2, items);
    expect([stats.health, stats.attack, stats.defense]).toEqual([
      4_000 + LEVEL_HEALTH_BONUS,
      65 + LEVEL_ATTACK_BONUS + 15,
      65 + LEVEL_DEFENSE_BONUS + 5,
    ]);
  });

  it('F60 boosters add like items, and the server adding them later (withBoosters) gives the same', () => {
    const items = [{ power_boost: 10 }, { energy_boost: 50 }];
    const boosters = { power_boost: 5, defense_boost: 5, energy_boost: 100 };
    const all = effectiveStats(aldric, 3, items, boosters);
    expect(all).toEqual(withBoosters(effectiveStats(aldric, 3, items), boosters));
    expect(all.health).toBe(4_000 + 2 * LEVEL_HEALTH_BONUS + 150 * ENERGY_BOOST_HEALTH_PER_POINT);
    expect(all.attack).toBe(65 + 2 * LEVEL_ATTACK_BONUS + 15);
    expect(all.defense).toBe(65 + 2 * LEVEL_DEFENSE_BONUS + 5);
  });

  it("F60 the energy chosen for the battle adds the health it buys, as the server's entry adds it", () => {
    const items = [{ power_boost: 10 }];
    const boosters = { defense_boost: 5 };
    const stats = effectiveStats(aldric, 2, items, boosters, 1_000);
    expect(stats.health).toBe(
      effectiveStats(aldric, 2, items, boosters).health + energyEffect(1_000).bonusHealth,
    );
    expect(stats).toEqual(withEnergy(withBoosters(effectiveStats(aldric, 2, items), boosters), 1_000));
    expect(effectiveStats(aldric, 2, items, boosters, 10)).toEqual(
      effectiveStats(aldric, 2, items, boosters),
    );
  });

  it('F60 a level below 1 counts as level 1', () => {
    expect(effectiveStats(aldric, 0)).toEqual(aldric);
  });
});
