import { describe, expect, it } from 'vitest';
import charactersJson from '../../../catalogue/characters.json';
import itemsJson from '../../../catalogue/items.json';
import { createBattle, type Side, stepInPlace } from '../src/battle/battle-rules.ts';
import { BOTS } from '../src/battle/bots.ts';
import { superAttackChance, withSuperAttack } from '../src/battle/damage.ts';
import { energyEffect, withEnergy } from '../src/battle/energy-effect.ts';
import {
  botCell,
  type CatalogueHero,
  pairCell,
  STARTER_KIT_ITEM_IDS,
  STARTER_KIT_MAX_COINS,
  simulateBattle,
} from '../src/battle/simulate.ts';
import type { ItemEffects } from '../src/battle/stats.ts';
import {
  FREE_HERO_ATTACK_DEFENSE,
  FREE_HERO_POWER,
  FREE_HERO_POWER_TOLERANCE,
  MAX_BATTLE_ENERGY,
  PAID_HERO_ATTACK_DEFENSE,
  SUPER_ATTACK_CHANCE_PER_SPEED,
} from '../src/constants.ts';

interface CatalogueCharacter {
  id: string;
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
  is_free: boolean;
  health: number;
  power: number;
  defense: number;
  speed: number;
}

interface CatalogueItem {
  id: string;
  price: number;
  currency: string;
  effects: ItemEffects;
}

const characters = charactersJson as CatalogueCharacter[];
const items = itemsJson as CatalogueItem[];
const free = characters.filter((c) => c.is_free);
const heroes: CatalogueHero[] = free.map((c) => ({
  name: c.id,
  stats: { health: c.health, attack: c.power, defense: c.defense, speed: c.speed },
}));
const powerOf = (c: CatalogueCharacter) => c.health * (1 + c.speed * SUPER_ATTACK_CHANCE_PER_SPEED);
const kit = STARTER_KIT_ITEM_IDS.map((id) => {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no ${id} in catalogue/items.json`);
  return item;
});

describe('Arena balance (rules BAL1–BAL9)', { timeout: 60_000 }, () => {
  it('BAL1 the six free heroes share one budget: attack + defence 138, health × super factor 5,040, with real trade-offs', () => {
    expect(free).toHaveLength(6);
    for (const hero of free) {
      expect(hero.power + hero.defense, hero.id).toBe(FREE_HERO_ATTACK_DEFENSE);
      expect(Math.abs(powerOf(hero) - FREE_HERO_POWER), hero.id).toBeLessThanOrEqual(
        FREE_HERO_POWER_TOLERANCE,
      );
    }
    // Real trade-offs: attack against defence and speed against health both differ between heroes.
    expect(new Set(free.map((c) => c.power)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(free.map((c) => c.speed)).size).toBe(6);
    const fastest = free.reduce((a, b) => (b.speed > a.speed ? b : a));
    const slowest = free.reduce((a, b) => (b.speed < a.speed ? b : a));
    expect(fastest.health).toBeLessThan(slowest.health);
  });

  it('BAL2 a paid hero is at least a free hero on both budgets, and its attack + defence is within its rarity band', () => {
    const paid = characters.filter((c) => !c.is_free);
    expect(paid.length).toBeGreaterThan(0);
    for (const hero of paid) {
      expect(hero.rarity, hero.id).not.toBe('common');
      if (hero.rarity === 'common') continue;
      const [min, max] = PAID_HERO_ATTACK_DEFENSE[hero.rarity];
      expect(hero.power + hero.defense, hero.id).toBeGreaterThanOrEqual(min);
      expect(hero.power + hero.defense, hero.id).toBeLessThanOrEqual(max);
      expect(powerOf(hero), hero.id).toBeGreaterThanOrEqual(FREE_HERO_POWER);
    }
  });

  it('BAL3 speed is the chance of a super attack (speed × 0.4 %, double damage), for taps and bot attacks alike', () => {
    expect(superAttackChance(65)).toBeCloseTo(0.26);
    expect(superAttackChance(90)).toBeCloseTo(0.36);
    expect(superAttackChance(1_000)).toBe(0.6);
    expect(withSuperAttack(21, true)).toBe(42);
    expect(withSuperAttack(21, false)).toBe(21);

    // Over seeded battles the share of super attacks follows each side's speed.
    const counted = { fast: [0, 0], slow: [0, 0] };
    for (let seed = 1; seed <= 40; seed++) {
      const result = simulateBattle({
        seed,
        player: { name: 'fast', level: 1, health: 4_000, attack: 70, defense: 68, speed: 100 },
        opponent: { kind: 'bot', difficulty: 'easy' },
        tappers: [{ tapsPerSecond: 6 }],
      });
      counted.fast[0] = (counted.fast[0] ?? 0) + result.superAttacks[0];
      counted.fast[1] = (counted.fast[1] ?? 0) + result.hits[0];
      counted.slow[0] = (counted.slow[0] ?? 0) + result.superAttacks[1];
      counted.slow[1] = (counted.slow[1] ?? 0) + result.hits[1];
    }
    const share = ([supers, hits]: number[]) => (supers ?? 0) / (hits ?? 1);
    expect(share(counted.fast)).toBeGreaterThan(0.37);
    expect(share(counted.fast)).toBeLessThan(0.43);
    // Easy's speed is 65 ± 2: about 26 % of its attacks.
    expect(share(counted.slow)).toBeGreaterThan(0.2);
    expect(share(counted.slow)).toBeLessThan(0.32);
  });

  it('BAL3 a super attack tap deals twice the combo damage and is counted; a plain one is not', () => {
    const { state } = createBattle({
      seed: 11,
      createdAt: 0,
      fightStartsAt: 0,
      timeLimitMs: 90_000,
      player: { name: 'A', level: 1, health: 4_000, attack: 80, defense: 60, speed: 65 },
      opponent: {
        kind: 'player',
        fighter: { name: 'B', level: 1, health: 4_000, attack: 70, defense: 70, speed: 65 },
      },
    });
    stepInPlace(state, { type: 'advance', at: 0 });
    let supers = 0;
    let plain = 0;
    for (let at = 100; at < 1_000 && supers + plain < 30; at += 30) {
      const side: Side = 0;
      const targetId = state.fighters[side].target?.id;
      const hit = stepInPlace(state, { type: 'tap', side, at, targetId }).find((e) => e.type === 'hit');
      if (hit?.type !== 'hit') continue;
      const plainDamage = Math.round(10 * hit.multiplier * hit.value);
      expect(hit.damage).toBe(hit.superAttack ? plainDamage * 2 : plainDamage);
      if (hit.superAttack) supers++;
      else plain++;
    }
    expect(supers).toBeGreaterThan(0);
    expect(plain).toBeGreaterThan(0);
    expect(state.fighters[0].superAttacks).toBe(supers);
  });

  it('BAL4 medium and hard are built on the free heroes’ attack + defence; easy is the spec’s; every bot’s numbers are shown', () => {
    expect(BOTS.easy).toMatchObject({
      health: 4_000,
      attack: 65,
      defense: 65,
      speed: 65,
      attackIntervalMs: 840,
    });
    expect(BOTS.medium.attackIntervalMs).toBe(800);
    expect(BOTS.hard.attackIntervalMs).toBe(625);
    for (const bot of [BOTS.medium, BOTS.hard])
      expect(bot.attack + bot.defense).toBe(FREE_HERO_ATTACK_DEFENSE);
    expect(BOTS.hard.attack).toBeGreaterThan(BOTS.medium.attack);
  });

  it('BAL5 energy beyond the entry’s 10 buys 1 starting health per 2, up to 3,000; nothing is taken for nothing', () => {
    expect(energyEffect(10)).toEqual({ energy: 10, bonusHealth: 0 });
    expect(energyEffect(1)).toEqual({ energy: 1, bonusHealth: 0 });
    expect(energyEffect(12)).toEqual({ energy: 12, bonusHealth: 1 });
    expect(energyEffect(1_001)).toEqual({ energy: 1_000, bonusHealth: 495 });
    expect(energyEffect(MAX_BATTLE_ENERGY)).toEqual({ energy: 3_000, bonusHealth: 1_495 });
    expect(energyEffect(9_999)).toEqual({ energy: 3_000, bonusHealth: 1_495 });
    // Every energy taken above the entry shows as health: 2 per point, exactly.
    for (let requested = 10; requested <= MAX_BATTLE_ENERGY; requested += 97) {
      const { energy, bonusHealth } = energyEffect(requested);
      expect(energy - 10).toBe(bonusHealth * 2);
      expect(energy).toBeLessThanOrEqual(requested);
    }
    const fighter = { name: 'A', level: 1, health: 4_000, attack: 73, defense: 65, speed: 65 };
    expect(withEnergy(fighter, 1_000)).toEqual({ ...fighter, health: 4_495 });
    // The battle starts with it: starting and maximum health.
    const { state } = createBattle({
      seed: 1,
      createdAt: 0,
      fightStartsAt: 0,
      timeLimitMs: 90_000,
      player: withEnergy(fighter, 1_000),
      opponent: { kind: 'bot', difficulty: 'easy' },
    });
    expect(state.fighters[0]).toMatchObject({ health: 4_495, maxHealth: 4_495 });
  });

  it('BAL6 a starter hero tapping 6 a second knocks Easy out within 60 s in at least 90 % of seeded battles (each free hero)', () => {
    for (const hero of heroes) {
      const summary = botCell({
        heroes: [hero],
        difficulty: 'easy',
        tapsPerSecond: 6,
        level: 1,
        items: [],
        battles: 60,
        firstSeed: 1_000,
        knockoutWithinMs: 60_000,
      });
      expect(summary.knockoutRate, hero.name).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('BAL7 Medium is a fair fight for a starter at 6 taps a second: 40–70 % wins, for every free hero', () => {
    const all = botCell({
      heroes,
      difficulty: 'medium',
      tapsPerSecond: 6,
      level: 1,
      items: [],
      battles: 300,
      firstSeed: 2_000,
    });
    expect(all.winRate).toBeGreaterThanOrEqual(0.4);
    expect(all.winRate).toBeLessThanOrEqual(0.7);
    for (const hero of heroes) {
      const one = botCell({
        heroes: [hero],
        difficulty: 'medium',
        tapsPerSecond: 6,
        level: 1,
        items: [],
        battles: 120,
        firstSeed: 3_000,
      });
      expect(one.winRate, hero.name).toBeGreaterThanOrEqual(0.4);
      expect(one.winRate, hero.name).toBeLessThanOrEqual(0.7);
    }
  });

  it('BAL8 Hard: at most 25 % of starters win; at least 50 % at level 5 with items costing at most 20,000 coins', () => {
    const coins = kit.reduce(
      (sum, item) => sum + (item.currency === 'coins' ? item.price : Number.POSITIVE_INFINITY),
      0,
    );
    expect(coins).toBeLessThanOrEqual(STARTER_KIT_MAX_COINS);
    const starters = botCell({
      heroes,
      difficulty: 'hard',
      tapsPerSecond: 6,
      level: 1,
      items: [],
      battles: 300,
      firstSeed: 4_000,
    });
    expect(starters.winRate).toBeLessThanOrEqual(0.25);
    const equipped = botCell({
      heroes,
      difficulty: 'hard',
      tapsPerSecond: 6,
      level: 5,
      items: kit.map((item) => item.effects),
      battles: 120,
      firstSeed: 5_000,
    });
    expect(equipped.winRate).toBeGreaterThanOrEqual(0.5);
  });

  it('BAL9 any two free heroes at the same tap rate win 45–55 % against each other', () => {
    for (let i = 0; i < heroes.length; i++) {
      for (let j = i + 1; j < heroes.length; j++) {
        const a = heroes[i];
        const b = heroes[j];
        if (!a || !b) continue;
        const summary = pairCell(a, b, 6, 800, 6_000 + i * 100_000 + j * 10_000);
        expect(summary.winRate, `${a.name} v ${b.name}`).toBeGreaterThanOrEqual(0.45);
        expect(summary.winRate, `${a.name} v ${b.name}`).toBeLessThanOrEqual(0.55);
      }
    }
  });

  it('BAL6 the harness replays: the same seed gives the same battle', () => {
    const battle = {
      seed: 77,
      player: { name: 'A', level: 1, health: 4_000, attack: 73, defense: 65, speed: 65 },
      opponent: { kind: 'bot' as const, difficulty: 'medium' as const },
      tappers: [{ tapsPerSecond: 6 }] as [{ tapsPerSecond: number }],
    };
    expect(simulateBattle(battle)).toEqual(simulateBattle(battle));
    expect(simulateBattle({ ...battle, seed: 78 })).not.toEqual(simulateBattle(battle));
  });
});
