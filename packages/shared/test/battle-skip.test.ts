import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BattleState, createBattle, type Side, step } from '../src/battle/battle-rules.ts';

const CREATED = 1_000_000;
const FIGHT = CREATED + 12_800;
const hero = { name: 'A', level: 1, health: 4000, attack: 70, defense: 60, speed: 60 };

function battle(seed: number, isPvp: boolean): BattleState {
  return createBattle({
    seed,
    createdAt: CREATED,
    fightStartsAt: FIGHT,
    timeLimitMs: 90_000,
    player: hero,
    opponent: isPvp ? { kind: 'player', fighter: hero } : { kind: 'bot', difficulty: 'easy' },
  }).state;
}

/** Taps on the live target every `gap` ms from `from` for `ms`, by both human sides. */
function play(state: BattleState, from: number, ms: number, gap: number) {
  let s = state;
  const hits: string[] = [];
  for (let at = from; at < from + ms && !s.outcome; at += gap) {
    for (const side of [0, 1] as Side[]) {
      const target = s.fighters[side].target;
      const result = step(s, { type: 'tap', side, at, targetId: target?.id });
      s = result.state;
      for (const effect of result.effects)
        if (effect.type === 'hit')
          hits.push(`${effect.side}:${effect.by}:${effect.damage}:${effect.at - from}`);
    }
  }
  return { state: s, hits };
}

describe('startNow, the skipped intro (F62)', () => {
  it('F62 a battle started early is the same battle, shifted in time (targets, bot attacks, events, the limit)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 12_800 }),
        fc.integer({ min: 80, max: 400 }),
        (seed, isPvp, early, gap) => {
          const normal = play(
            step(battle(seed, isPvp), { type: 'advance', at: FIGHT }).state,
            FIGHT,
            100_000,
            gap,
          );
          const skippedAt = FIGHT - early;
          const moved = step(battle(seed, isPvp), { type: 'startNow', at: skippedAt });
          expect(moved.state.fightStartsAt).toBe(skippedAt);
          expect(moved.state.endsAt).toBe(skippedAt + 90_000);
          const skipped = play(moved.state, skippedAt, 100_000, gap);
          expect(normal.hits.length).toBeGreaterThan(10);
          expect(skipped.hits).toEqual(normal.hits);
          expect(skipped.state.outcome?.reason).toBe(normal.state.outcome?.reason);
          expect(skipped.state.outcome?.winner).toBe(normal.state.outcome?.winner);
          expect((skipped.state.outcome?.at ?? 0) - skippedAt).toBe((normal.state.outcome?.at ?? 0) - FIGHT);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('F62 no tap before the new start counts, and the first target is there at once', () => {
    const before = step(battle(7, false), { type: 'tap', side: 0, at: FIGHT - 5_000 });
    expect(before.effects).toContainEqual(
      expect.objectContaining({ type: 'tapIgnored', reason: 'not-started' }),
    );
    const moved = step(before.state, { type: 'startNow', at: FIGHT - 4_000 });
    expect(moved.effects).toContainEqual(
      expect.objectContaining({
        type: 'targetSpawned',
        side: 0,
        target: expect.objectContaining({ spawnedAt: FIGHT - 4_000 }),
      }),
    );
    expect(moved.state.fighters[1].hits).toBe(0);
    expect(moved.state.fighters[0].hits).toBe(0);
  });

  it('F62 startNow after FIGHT!, or after the end, changes nothing', () => {
    const live = step(battle(9, true), { type: 'advance', at: FIGHT + 1_000 }).state;
    expect(step(live, { type: 'startNow', at: FIGHT + 2_000 }).state.fightStartsAt).toBe(FIGHT);
    const over = step(live, { type: 'forfeit', side: 0, at: FIGHT + 1_500 }).state;
    const after = step(over, { type: 'startNow', at: FIGHT + 1_600 });
    expect(after.state.fightStartsAt).toBe(FIGHT);
    expect(after.effects).toEqual([]);
    // Before FIGHT!, a start "later" than FIGHT! is no start at all.
    const early = battle(9, true);
    expect(step(early, { type: 'startNow', at: FIGHT + 10 }).state.endsAt).toBe(FIGHT + 90_000);
  });
});
