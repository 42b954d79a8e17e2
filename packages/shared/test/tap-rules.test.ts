import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMBO_RESET_MS, MAX_TAPS_PER_SECOND } from '../src/constants.ts';
import {
  applyTaps,
  baseTapValue,
  comboBonus,
  currentCombo,
  initialTapState,
  type TapContext,
} from '../src/taps/tap-rules.ts';

const context: TapContext = { tapValue: 10, tapMultiplier: 1, max: 1000, regenPerSecond: 3 };

describe('tap rules', () => {
  it('T1 a tap is worth tapValue × tapMultiplier and spends the multiplier in energy', () => {
    const rich = { ...context, tapMultiplier: 3 };
    const outcome = applyTaps(initialTapState({ energy: 1000, at: 0 }), rich, 1, 0);
    expect(outcome).toMatchObject({ accepted: 1, rejected: 0, coins: 30, reason: null });
    expect(outcome.state.energy.energy).toBe(997);
  });

  it('T5 combo: the 10th tap and later earn a 10% bonus; the combo resets after 1.5 s', () => {
    let state = initialTapState({ energy: 1000, at: 0 });
    const coins: number[] = [];
    for (let tap = 0; tap < 12; tap++) {
      const outcome = applyTaps(state, context, 1, tap * 100);
      coins.push(outcome.coins);
      state = outcome.state;
    }
    expect(coins.slice(0, 9)).toEqual(Array(9).fill(10));
    expect(coins.slice(9)).toEqual([11, 11, 11]);
    expect(currentCombo(state, 1100)).toBe(12);
    expect(currentCombo(state, 1100 + COMBO_RESET_MS + 1)).toBe(0);
    const after = applyTaps(state, context, 1, 1100 + COMBO_RESET_MS + 1);
    expect(after.state.combo).toBe(1);
    expect(after.coins).toBe(10);
  });

  it('T5 the bonus is 10% rounded down and at least 1 coin', () => {
    expect(comboBonus(10)).toBe(1);
    expect(comboBonus(25)).toBe(2);
    expect(comboBonus(3)).toBe(1);
  });

  it('E3 a tap without enough energy is rejected', () => {
    const outcome = applyTaps(initialTapState({ energy: 2, at: 0 }), { ...context, regenPerSecond: 0 }, 5, 0);
    expect(outcome).toMatchObject({ accepted: 2, rejected: 3, reason: 'energy', coins: 20 });
    expect(outcome.state.energy.energy).toBe(0);
  });

  it('T2 at most 20 taps are accepted within one second', () => {
    let state = initialTapState({ energy: 1000, at: 0 });
    const first = applyTaps(state, context, 15, 0);
    state = first.state;
    const second = applyTaps(state, context, 10, 500);
    expect(second).toMatchObject({ accepted: 5, rejected: 5, reason: 'rate' });
    const third = applyTaps(second.state, context, 20, 1001);
    expect(third.accepted).toBe(15); // the 15 from t=0 left the window; the 5 from t=500 remain
  });

  const tapEvents = fc.array(
    fc.record({ gap: fc.integer({ min: 0, max: 1200 }), count: fc.integer({ min: 1, max: 20 }) }),
    { minLength: 1, maxLength: 120 },
  );

  it('T2 the rate cap holds for any timing: no one-second window holds more than 20 accepted taps', () => {
    fc.assert(
      fc.property(tapEvents, (events) => {
        let state = initialTapState({ energy: 100_000, at: 0 });
        const big = { ...context, max: 100_000 };
        const accepted: Array<{ at: number; count: number }> = [];
        let now = 0;
        for (const event of events) {
          now += event.gap;
          const outcome = applyTaps(state, big, event.count, now);
          state = outcome.state;
          if (outcome.accepted > 0) accepted.push({ at: now, count: outcome.accepted });
        }
        for (const start of accepted) {
          const inWindow = accepted
            .filter((entry) => entry.at >= start.at && entry.at < start.at + 1000)
            .reduce((sum, entry) => sum + entry.count, 0);
          expect(inWindow).toBeLessThanOrEqual(MAX_TAPS_PER_SECOND);
        }
      }),
    );
  });

  it('T1/E1 credited coins = accepted taps × value (+ bonus taps × bonus), and energy stays within 0..max', () => {
    fc.assert(
      fc.property(
        tapEvents,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1000 }),
        (events, tapValue, tapMultiplier, startEnergy) => {
          const ctx = { ...context, tapValue, tapMultiplier };
          let state = initialTapState({ energy: startEnergy, at: 0 });
          let now = 0;
          let coins = 0;
          let accepted = 0;
          let bonusTaps = 0;
          let asked = 0;
          for (const event of events) {
            now += event.gap;
            const outcome = applyTaps(state, ctx, event.count, now);
            expect(outcome.accepted + outcome.rejected).toBe(event.count);
            expect(outcome.state.energy.energy).toBeGreaterThanOrEqual(0);
            expect(outcome.state.energy.energy).toBeLessThanOrEqual(ctx.max);
            state = outcome.state;
            coins += outcome.coins;
            accepted += outcome.accepted;
            bonusTaps += outcome.bonusTaps;
            asked += event.count;
          }
          const value = baseTapValue(ctx);
          expect(coins).toBe(accepted * value + bonusTaps * comboBonus(value));
          expect(bonusTaps).toBeLessThanOrEqual(accepted);
          expect(accepted).toBeLessThanOrEqual(asked);
        },
      ),
    );
  });
});
