import { describe, expect, it } from 'vitest';
import { createBattle, step } from '../src/battle/battle-rules.ts';
import { withBoosters } from '../src/battle/stats.ts';
import { ENERGY_BOOST_HEALTH_PER_POINT } from '../src/constants.ts';
import { activeBoostTotals } from '../src/marketplace/boosters.ts';

const hero = { name: 'Hero', level: 1, health: 4000, attack: 65, defense: 65, speed: 65 };
const START = 1_000_000;
const MINUTE = 60_000;

/** The first hit of side 0 on its first target, in a PvP battle against `opponent`. */
function firstHit(player: typeof hero, opponent: typeof hero) {
  const { state } = createBattle({
    seed: 7,
    createdAt: START - 10_000,
    fightStartsAt: START,
    timeLimitMs: 90_000,
    player,
    opponent: { kind: 'player', fighter: opponent },
  });
  const spawned = step(state, { type: 'advance', at: START }).state;
  const target = spawned.fighters[0].target!;
  const tapped = step(spawned, { type: 'tap', side: 0, at: START, targetId: target.id });
  const hit = tapped.effects.find((effect) => effect.type === 'hit');
  return { hit, state: tapped.state };
}

describe('boosters in battle (D-BATTLE-12)', () => {
  it('F31 power raises attack, defense raises defense, energy raises health (1 per point); speed, name and level stay', () => {
    expect(withBoosters(hero, { power_boost: 5, defense_boost: 5, energy_boost: 250 })).toEqual({
      ...hero,
      attack: 70,
      defense: 70,
      health: 4000 + 250 * ENERGY_BOOST_HEALTH_PER_POINT,
    });
    expect(withBoosters(hero, {})).toEqual(hero);
    expect(withBoosters(hero, { energy_boost: 0, defense_boost: 0, power_boost: 0 })).toEqual(hero);
  });

  it('F31 several running boosters add up', () => {
    const totals = activeBoostTotals(
      [
        { itemId: 'berserker-brew', effects: { power_boost: 5 }, startsAt: 0, endsAt: 30 * MINUTE },
        { itemId: 'spark-tonic', effects: { energy_boost: 100 }, startsAt: 0, endsAt: 30 * MINUTE },
        { itemId: 'power-cell', effects: { energy_boost: 500 }, startsAt: 0, endsAt: 30 * MINUTE },
      ],
      MINUTE,
    );
    expect(withBoosters(hero, totals)).toMatchObject({ attack: 70, defense: 65, health: 4600 });
  });

  it('F31 a power booster makes each tap hit harder; a defense booster makes the taps taken smaller', () => {
    const opponent = { ...hero, name: 'Rival', defense: 60 };
    const plain = firstHit(hero, opponent).hit;
    const boosted = firstHit(withBoosters(hero, { power_boost: 5 }), opponent).hit;
    expect(plain).toMatchObject({ type: 'hit', damage: 5 });
    expect(boosted).toMatchObject({ type: 'hit', damage: 10 });

    const attacker = { ...hero, name: 'Rival', attack: 80 };
    const unguarded = firstHit(attacker, hero).hit;
    const guarded = firstHit(attacker, withBoosters(hero, { defense_boost: 5 })).hit;
    expect(unguarded).toMatchObject({ damage: 15 });
    expect(guarded).toMatchObject({ damage: 10 });
  });

  it('F32 the boosted stats are part of the battle state from its start: later steps keep them', () => {
    const { state } = firstHit(withBoosters(hero, { power_boost: 5, energy_boost: 100 }), hero);
    expect(state.fighters[0]).toMatchObject({ attack: 70, maxHealth: 4100, health: 4100 });
    const later = step(state, { type: 'advance', at: START + 31 * MINUTE }).state;
    expect(later.fighters[0]).toMatchObject({ attack: 70, maxHealth: 4100 });
  });
});
