import { energyEffect } from '@titans/shared/battle/energy-effect';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { describe, expect, test } from 'vitest';
import { heroEffectiveStats, heroStats, statsIncludes } from './hero-stats.ts';

const hero = { health: 4_000, power: 65, defense: 1_200, speed: 65 };

describe('a hero stats line: thousands separators, no label cut from its number', () => {
  test('HP, ATK and DEF with separators, each label bound to its number', () => {
    expect(heroStats(hero)).toBe('HP\u00a04,000 · ATK\u00a065 · DEF\u00a01,200');
  });

  test('SPD when asked for', () => {
    expect(heroStats(hero, { speed: true }).split(' · ')).toEqual([
      'HP\u00a04,000',
      'ATK\u00a065',
      'DEF\u00a01,200',
      'SPD\u00a065',
    ]);
  });
});

describe('the Arena shows effective stats (F60)', () => {
  const entry = (effects: Record<string, number>) =>
    ({ item_details: { effects } }) as unknown as InventoryEntry;
  const avatar = { health: 4_000, power: 65, defense: 65, speed: 65, level: 2 };

  test('F60 level 2 with three items: the numbers the battle intro shows, with what they include', () => {
    const equipped = [
      entry({ power_boost: 10 }),
      entry({ power_boost: 5, defense_boost: 2 }),
      entry({ defense_boost: 3 }),
    ];
    expect(heroStats(heroEffectiveStats(avatar, equipped))).toBe('HP\u00a04,100 · ATK\u00a083 · DEF\u00a073');
    expect(statsIncludes(2, 3)).toBe('with level 2 and 3 items');
  });

  test('F60 energy above the entry adds the health it buys, and the line says so', () => {
    const bonus = energyEffect(1_000).bonusHealth;
    expect(heroEffectiveStats(avatar, [], 1_000).health).toBe(4_100 + bonus);
    expect(statsIncludes(2, 1, 1_495)).toBe('with level 2, 1 item and +1,495 HP from energy');
  });

  test('F60 no items: the level alone', () => {
    expect(heroEffectiveStats(avatar)).toEqual({ health: 4_100, power: 68, defense: 68, speed: 66 });
    expect(statsIncludes(1, 0)).toBe('with level 1 and no items');
  });
});
