import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BattleEffect,
  type BattleInput,
  type BattleState,
  createBattle,
  nextWakeAt,
  type Side,
  step,
  stepInPlace,
} from '../src/battle/battle-rules.ts';
import { BOTS } from '../src/battle/bots.ts';
import { comboAt, comboMultiplier, nextCombo } from '../src/battle/combo.ts';
import { baseDamage, tapDamage } from '../src/battle/damage.ts';
import { addExperience, effectiveStats, experienceToNextLevel } from '../src/battle/stats.ts';
import {
  ARENA_HEIGHT,
  ARENA_WIDTH,
  EVENT_DURATION_MAX_MS,
  EVENT_DURATION_MIN_MS,
  EVENT_FIRST_AFTER_MS,
  TARGET_LIFETIME_MS,
  TARGET_MIN_DISTANCE,
  TARGET_RESPAWN_MS,
} from '../src/constants.ts';

const hero = { name: 'Hero', level: 1, health: 4000, attack: 65, defense: 65, speed: 65 };
const START = 1_000_000;

function pve(seed: number, difficulty: 'easy' | 'medium' | 'hard' = 'easy', timeLimitMs = 90_000) {
  return createBattle({
    seed,
    createdAt: START - 10_000,
    fightStartsAt: START,
    timeLimitMs,
    player: hero,
    opponent: { kind: 'bot', difficulty },
  }).state;
}

function pvp(seed: number, a = hero, b = hero, timeLimitMs = 90_000) {
  return createBattle({
    seed,
    createdAt: START - 10_000,
    fightStartsAt: START,
    timeLimitMs,
    player: a,
    opponent: { kind: 'player', fighter: b },
  }).state;
}

/** Runs inputs in order, collecting every effect. */
function run(state: BattleState, inputs: BattleInput[]) {
  const effects: BattleEffect[] = [];
  let current = state;
  for (const input of inputs) {
    const result = step(current, input);
    effects.push(...result.effects);
    current = result.state;
  }
  return { state: current, effects };
}

/** A player who taps the live target `perSecond` times a second from the start for `ms`. */
function tapper(state: BattleState, side: Side, perSecond: number, ms: number) {
  let current = state;
  const effects: BattleEffect[] = [];
  const gap = Math.round(1000 / perSecond);
  for (let at = START; at < START + ms && !current.outcome; at += gap) {
    const target = step(current, { type: 'advance', at }).state.fighters[side].target;
    const result = step(current, { type: 'tap', side, at, targetId: target?.id });
    effects.push(...result.effects);
    current = result.state;
  }
  return { state: current, effects };
}

const inputArb = fc.array(
  fc.record({
    kind: fc.constantFrom('tap', 'tap', 'tap', 'tap', 'advance', 'forfeit', 'abandon'),
    side: fc.constantFrom<Side>(0, 1),
    gap: fc.integer({ min: 0, max: 3_000 }),
    useTarget: fc.boolean(),
  }),
  { maxLength: 120 },
);

/** The input a script entry makes at `at`, aimed at the target live then. */
function scriptedInput(
  current: BattleState,
  entry: { kind: string; side: Side; useTarget: boolean },
  at: number,
): BattleInput {
  if (entry.kind === 'tap') {
    const live = step(current, { type: 'advance', at }).state.fighters[entry.side].target;
    return { type: 'tap', side: entry.side, at, targetId: entry.useTarget ? live?.id : undefined };
  }
  if (entry.kind === 'advance') return { type: 'advance', at };
  return { type: entry.kind, side: entry.side, at } as BattleInput;
}

function randomRun(
  state: BattleState,
  script: Array<{ kind: string; side: Side; gap: number; useTarget: boolean }>,
) {
  let current = state;
  const effects: BattleEffect[] = [];
  let at = START - 500;
  for (const entry of script) {
    at += entry.gap;
    const result = step(current, scriptedInput(current, entry, at));
    effects.push(...result.effects);
    current = result.state;
  }
  return { state: current, effects };
}

// Heavier properties simulate thousands of battle-seconds: generous time on a loaded machine.
describe('battle rules (pure)', { timeout: 30_000 }, () => {
  it('F1 damage is max(1, attack − defense) × combo multiplier × target value, never below 1', () => {
    expect(baseDamage(65, 65)).toBe(1);
    expect(baseDamage(80, 65)).toBe(15);
    expect(tapDamage(80, 65, 2, 3)).toBe(90);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom(1, 1.5, 2, 3),
        fc.constantFrom(1, 2, 3),
        (attack, defense, multiplier, value) => {
          const damage = tapDamage(attack, defense, multiplier, value);
          expect(damage).toBeGreaterThanOrEqual(1);
          expect(damage).toBe(Math.max(1, Math.round(Math.max(1, attack - defense) * multiplier * value)));
        },
      ),
    );
  });

  it('F2 health never goes below 0 and every hit is at least 1, whatever the inputs', () => {
    fc.assert(
      fc.property(fc.integer(), inputArb, fc.boolean(), (seed, script, isPvp) => {
        const weak = { ...hero, health: 30, attack: 200 };
        const { state, effects } = randomRun(isPvp ? pvp(seed, weak, weak) : pve(seed, 'hard'), script);
        for (const f of state.fighters) {
          expect(f.health).toBeGreaterThanOrEqual(0);
          expect(f.health).toBeLessThanOrEqual(f.maxHealth);
        }
        for (const effect of effects)
          if (effect.type === 'hit') expect(effect.damage).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('F3 combo grows within 2.5 s, resets after; multipliers 1.5x at 3, 2x at 5, 3x at 10', () => {
    expect([1, 2, 3, 4, 5, 9, 10, 50].map(comboMultiplier)).toEqual([1, 1, 1.5, 1.5, 2, 2, 3, 3]);
    expect(nextCombo(4, 1000, 3500)).toBe(5);
    expect(nextCombo(4, 1000, 3501)).toBe(1);
    expect(comboAt(7, 1000, 3500)).toBe(7);
    expect(comboAt(7, 1000, 3501)).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 40 }), (gaps) => {
        let combo = 0;
        let last: number | null = null;
        let at = 0;
        let expected = 0;
        for (const gap of gaps) {
          at += gap;
          expected = last !== null && gap <= 2_500 ? expected + 1 : 1;
          combo = nextCombo(combo, last, at);
          last = at;
          expect(combo).toBe(expected);
        }
      }),
    );
  });

  it('F3 the multiplier of a tap follows the combo: 10 quick taps reach 3x', () => {
    let state = pve(7);
    const multipliers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const at = START + 100 + i * 100;
      const target = step(state, { type: 'advance', at }).state.fighters[0].target!;
      const result = step(state, { type: 'tap', side: 0, at, targetId: target.id });
      state = result.state;
      const hit = result.effects.find((effect) => effect.type === 'hit' && effect.by === 'tap');
      multipliers.push(hit && hit.type === 'hit' ? hit.multiplier : 0);
    }
    expect(multipliers).toEqual([1, 1, 1.5, 1.5, 2, 2, 2, 2, 2, 3]);
    expect(state.fighters[0].maxCombo).toBe(10);
  });

  it('F4 live events start after 8 s, last 5–10 s, never overlap, one at a time', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { effects } = run(pve(seed), [{ type: 'advance', at: START + 90_000 }]);
        let running: { endsAt: number } | null = null;
        let lastEnd = -Infinity;
        for (const effect of effects) {
          if (effect.type === 'eventStarted') {
            expect(running).toBeNull();
            expect(effect.event.startedAt).toBeGreaterThanOrEqual(START + EVENT_FIRST_AFTER_MS);
            expect(effect.event.startedAt).toBeGreaterThan(lastEnd);
            const length = effect.event.endsAt - effect.event.startedAt;
            expect(length).toBeGreaterThanOrEqual(EVENT_DURATION_MIN_MS);
            expect(length).toBeLessThanOrEqual(EVENT_DURATION_MAX_MS);
            running = effect.event;
          }
          if (effect.type === 'eventEnded') {
            expect(running).not.toBeNull();
            lastEnd = effect.at;
            running = null;
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('F4 across many seeds about 80% of attempts start an event, each kind appears', () => {
    const kinds = new Set<string>();
    let events = 0;
    for (let seed = 0; seed < 200; seed++) {
      const { effects } = run(pve(seed), [{ type: 'advance', at: START + 20_000 }]);
      for (const effect of effects)
        if (effect.type === 'eventStarted') {
          kinds.add(effect.event.kind);
          if (effect.event.startedAt === START + EVENT_FIRST_AFTER_MS) events++;
        }
    }
    expect(kinds).toEqual(new Set(['frenzy', 'critical', 'powerUp', 'danger']));
    expect(events / 200).toBeGreaterThan(0.7);
    expect(events / 200).toBeLessThan(0.9);
  });

  it('F5 the end happens once: one ended effect, and nothing changes after it', () => {
    fc.assert(
      fc.property(fc.integer(), inputArb, fc.boolean(), (seed, script, isPvp) => {
        const strong = { ...hero, health: 50, attack: 300 };
        const start = isPvp ? pvp(seed, strong, strong, 20_000) : pve(seed, 'hard', 20_000);
        const { state, effects } = randomRun(start, [
          ...script,
          { kind: 'advance', side: 0, gap: 30_000, useTarget: false },
        ]);
        const ended = effects.filter((effect) => effect.type === 'ended');
        expect(ended).toHaveLength(1);
        const endIndex = effects.findIndex((effect) => effect.type === 'ended');
        for (const effect of effects.slice(endIndex + 1)) {
          expect(effect.type).toBe('tapIgnored');
        }
        expect(nextWakeAt(state)).toBeNull();
        const after = step(state, { type: 'forfeit', side: 0, at: state.now + 1 });
        expect(after.state.outcome).toEqual(state.outcome);
      }),
    );
  });

  it('F6 targets: one at a time, 5 s life, respawn 200 ms later, at least 140 px from the centre, inside the arena', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { effects } = run(pvp(seed), [{ type: 'advance', at: START + 60_000 }]);
        for (const side of [0, 1] as const) {
          let live: { id: number; expiresAt: number } | null = null;
          let lastExpiry: number | null = null;
          for (const effect of effects) {
            if (effect.type === 'targetSpawned' && effect.side === side) {
              expect(live).toBeNull();
              const t = effect.target;
              expect(t.expiresAt - t.spawnedAt).toBe(TARGET_LIFETIME_MS);
              if (lastExpiry !== null) expect(t.spawnedAt).toBe(lastExpiry + TARGET_RESPAWN_MS);
              expect(Math.hypot(t.x - ARENA_WIDTH / 2, t.y - ARENA_HEIGHT / 2)).toBeGreaterThanOrEqual(
                TARGET_MIN_DISTANCE - 1,
              );
              expect(t.x - t.size / 2).toBeGreaterThanOrEqual(-1);
              expect(t.x + t.size / 2).toBeLessThanOrEqual(ARENA_WIDTH + 1);
              expect(t.y - t.size / 2).toBeGreaterThanOrEqual(-1);
              expect(t.y + t.size / 2).toBeLessThanOrEqual(ARENA_HEIGHT + 1);
              live = t;
            }
            if (effect.type === 'targetExpired' && effect.side === side) {
              expect(effect.targetId).toBe(live?.id);
              lastExpiry = effect.at;
              live = null;
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('F6 event targets: frenzy small worth 2, critical worth 3, power-up large worth 2, danger worth 2', () => {
    const seen = new Map<string, Set<string>>();
    for (let seed = 0; seed < 300; seed++) {
      const { effects } = run(pve(seed), [{ type: 'advance', at: START + 40_000 }]);
      let event: string | null = null;
      for (const effect of effects) {
        if (effect.type === 'eventStarted') event = effect.event.kind;
        if (effect.type === 'eventEnded') event = null;
        if (effect.type === 'targetSpawned' && event) {
          const kinds = seen.get(event) ?? new Set();
          kinds.add(`${effect.target.kind}:${effect.target.value}`);
          seen.set(event, kinds);
        }
      }
    }
    expect(seen.get('frenzy')).toEqual(new Set(['frenzy:2']));
    expect(seen.get('critical')).toEqual(new Set(['critical:3', 'normal:1']));
    expect(seen.get('powerUp')).toEqual(new Set(['large:2', 'normal:1']));
    expect(seen.get('danger')).toEqual(new Set(['danger:2']));
  });

  it('F7 a tap on an expired or unknown target does nothing', () => {
    const state = pve(3);
    const first = step(state, { type: 'advance', at: START }).state.fighters[0].target!;
    const late = step(state, { type: 'tap', side: 0, at: first.expiresAt, targetId: first.id });
    expect(late.effects.at(-1)).toMatchObject({ type: 'tapIgnored', reason: 'no-target' });
    expect(late.state.fighters[1].health).toBe(state.fighters[1].health);
    const wrong = step(state, { type: 'tap', side: 0, at: START + 10, targetId: first.id + 99 });
    expect(wrong.effects.at(-1)).toMatchObject({ type: 'tapIgnored', reason: 'no-target' });
    const early = step(state, { type: 'tap', side: 0, at: START - 1 });
    expect(early.effects.at(-1)).toMatchObject({ type: 'tapIgnored', reason: 'not-started' });
  });

  it('F7 at most 20 taps land in any second; the rest do nothing', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 21, max: 60 }), (seed, taps) => {
        let state = pve(seed);
        let landed = 0;
        for (let i = 0; i < taps; i++) {
          const at = START + 1 + Math.floor((i * 999) / taps);
          const result = step(state, { type: 'tap', side: 0, at });
          state = result.state;
          landed += result.effects.filter((effect) => effect.type === 'hit' && effect.by === 'tap').length;
        }
        expect(landed).toBe(20);
      }),
    );
  });

  it('F8 BAL3 the bot attacks on its interval with max(1, attack − defense), doubled on a super attack, stats rolled within ±10 health / ±2', () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      for (let seed = 0; seed < 50; seed++) {
        const state = pve(seed, difficulty);
        const bot = state.fighters[1];
        const spec = BOTS[difficulty];
        expect(Math.abs(bot.maxHealth - spec.health)).toBeLessThanOrEqual(10);
        expect(Math.abs(bot.attack - spec.attack)).toBeLessThanOrEqual(2);
        expect(Math.abs(bot.defense - spec.defense)).toBeLessThanOrEqual(2);
        expect(Math.abs(bot.speed - spec.speed)).toBeLessThanOrEqual(2);
        const { effects } = run(state, [{ type: 'advance', at: START + 10_000 }]);
        const attacks = effects.filter((effect) => effect.type === 'hit' && effect.by === 'bot');
        expect(attacks).toHaveLength(Math.floor(10_000 / spec.attackIntervalMs));
        attacks.forEach((attack, index) => {
          expect(attack).toMatchObject({ at: START + (index + 1) * spec.attackIntervalMs });
          const plain = Math.max(1, bot.attack - hero.defense);
          expect(attack).toMatchObject({
            damage: attack.type === 'hit' && attack.superAttack ? plain * 2 : plain,
          });
        });
      }
    }
  });

  it('F9 the same seed and inputs replay the same battle', () => {
    fc.assert(
      fc.property(fc.integer(), inputArb, (seed, script) => {
        const a = randomRun(pvp(seed), script);
        const b = randomRun(pvp(seed), script);
        expect(b.state).toEqual(a.state);
        expect(b.effects).toEqual(a.effects);
      }),
    );
  });

  it('F10 knockout: a player tapping at 10/s beats a weak bot; an idle player loses to the hard bot by knockout', () => {
    const strongHero = { ...hero, attack: 400 };
    const won = tapper(
      createBattle({
        seed: 1,
        createdAt: START,
        fightStartsAt: START,
        timeLimitMs: 90_000,
        player: strongHero,
        opponent: { kind: 'bot', difficulty: 'easy' },
      }).state,
      0,
      10,
      90_000,
    );
    expect(won.state.outcome).toMatchObject({ winner: 0, reason: 'knockout' });
    const lost = run(pve(1, 'hard', 200_000), [{ type: 'advance', at: START + 200_000 }]);
    expect(lost.state.outcome).toMatchObject({ winner: 1, reason: 'knockout' });
    expect(lost.state.fighters[0].health).toBe(0);
  });

  it('F11 at the time limit the larger share of health left wins; equal shares draw', () => {
    const idle = run(pvp(5), [{ type: 'advance', at: START + 90_000 }]);
    expect(idle.state.outcome).toEqual({ winner: null, reason: 'time', at: START + 90_000 });
    // 4 taps a second at equal stats cannot knock Easy out in 90 s, but takes more of its share.
    const tapped = tapper(pve(5), 0, 4, 90_000);
    const final = step(tapped.state, { type: 'advance', at: START + 90_000 }).state;
    expect(final.outcome).toMatchObject({ winner: 0, reason: 'time' });
  });

  it('F12 forfeit and abandon give the other side the win', () => {
    expect(step(pvp(1), { type: 'forfeit', side: 0, at: START }).state.outcome).toMatchObject({
      winner: 1,
      reason: 'forfeit',
    });
    expect(step(pvp(1), { type: 'abandon', side: 1, at: START }).state.outcome).toMatchObject({
      winner: 0,
      reason: 'abandon',
    });
  });

  it('F13 experience: 100 XP takes level 1 to 2, then 1.5x per level; stats grow with level and items', () => {
    expect(experienceToNextLevel(1)).toBe(100);
    expect(experienceToNextLevel(2)).toBe(150);
    expect(addExperience(1, 90, 10)).toEqual({ level: 2, experience: 0, levelsGained: 1 });
    expect(addExperience(1, 0, 260)).toEqual({ level: 3, experience: 10, levelsGained: 2 });
    expect(addExperience(1, 0, 50)).toEqual({ level: 1, experience: 50, levelsGained: 0 });
    const stats = effectiveStats({ health: 4000, attack: 65, defense: 65, speed: 65 }, 3, [
      { power_boost: 10 },
      { defense_boost: 5 },
    ]);
    expect(stats).toEqual({ health: 4200, attack: 81, defense: 76, speed: 67 });
  });
});

describe('stepInPlace (the room applies the rule to the state it owns)', () => {
  it('F9 gives the same state and effects as step, input by input, for random battles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), inputArb, (seed, isPvp, script) => {
        const pure = randomRun(isPvp ? pvp(seed) : pve(seed), script);
        let owned = isPvp ? pvp(seed) : pve(seed);
        const effects: BattleEffect[] = [];
        let at = START - 500;
        for (const entry of script) {
          at += entry.gap;
          const before = owned;
          effects.push(...stepInPlace(owned, scriptedInput(owned, entry, at)));
          expect(owned).toBe(before);
          owned = before;
        }
        expect(owned).toEqual(pure.state);
        expect(effects).toEqual(pure.effects);
      }),
      { numRuns: 150 },
    );
  });
});
