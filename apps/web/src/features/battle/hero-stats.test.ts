import { describe, expect, test } from 'vitest';
import { heroStats } from './hero-stats.ts';

const hero = { health: 4_000, power: 65, defense: 1_200, speed: 65 };

describe('a hero stats line (issue 33: thousands separators, no label cut from its number)', () => {
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
