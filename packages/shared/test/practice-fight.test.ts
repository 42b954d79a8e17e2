import { describe, expect, it } from 'vitest';
import charactersJson from '../../../catalogue/characters.json';
import { BOTS, DIFFICULTIES } from '../src/battle/bots.ts';
import { botCell, type CatalogueHero } from '../src/battle/simulate.ts';

interface CatalogueCharacter {
  id: string;
  is_free: boolean;
  health: number;
  power: number;
  defense: number;
  speed: number;
}

const heroes: CatalogueHero[] = (charactersJson as CatalogueCharacter[])
  .filter((c) => c.is_free)
  .map((c) => ({
    name: c.id,
    stats: { health: c.health, attack: c.power, defense: c.defense, speed: c.speed },
  }));

describe('The practice fight (rules PF1–PF6)', { timeout: 60_000 }, () => {
  it('PF2 every free hero at level 1 without items, tapping 4 a second, beats the training bot in at least 99 % of seeded battles, by knockout within 60 s', () => {
    expect(heroes).toHaveLength(6);
    for (const hero of heroes) {
      const summary = botCell({
        heroes: [hero],
        difficulty: 'practice',
        tapsPerSecond: 4,
        level: 1,
        items: [],
        battles: 200,
        firstSeed: 7_000,
        knockoutWithinMs: 60_000,
      });
      expect(summary.battles).toBe(200);
      expect(summary.winRate, hero.name).toBeGreaterThanOrEqual(0.99);
      expect(summary.knockoutRate, hero.name).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('PF2 the training bot is not a difficulty a player picks, and is weaker than Easy on every stat', () => {
    expect(DIFFICULTIES).not.toContain('practice');
    const { practice, easy } = BOTS;
    expect(practice.health).toBeLessThan(easy.health);
    expect(practice.attack).toBeLessThan(easy.attack);
    expect(practice.attackIntervalMs).toBeGreaterThan(easy.attackIntervalMs);
  });
});
