import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msUntilFull, regenerate } from '../src/taps/energy.ts';

describe('energy', () => {
  it('E2 regenerates on the clock: min(max, stored + regen × elapsed)', () => {
    const limits = { max: 1000, regenPerSecond: 3 };
    expect(regenerate({ energy: 100, at: 0 }, limits, 10_000).energy).toBe(130);
    expect(regenerate({ energy: 990, at: 0 }, limits, 10_000).energy).toBe(1000);
    expect(regenerate({ energy: 0, at: 0 }, limits, 0).energy).toBe(0);
  });

  it('E2 reading energy often loses no regeneration (the fraction is carried)', () => {
    const limits = { max: 1000, regenPerSecond: 3 };
    let state = { energy: 0, at: 0 };
    for (let now = 0; now <= 10_000; now += 70) state = regenerate(state, limits, now);
    expect(regenerate(state, limits, 10_000).energy).toBe(30);
  });

  it('E1 energy never exceeds max nor goes below 0, for any state and time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (energy, max, regenPerSecond, at, elapsed) => {
          const next = regenerate({ energy, at }, { max, regenPerSecond }, at + elapsed);
          expect(next.energy).toBeGreaterThanOrEqual(0);
          expect(next.energy).toBeLessThanOrEqual(max);
          expect(Number.isInteger(next.energy)).toBe(true);
          expect(next.at).toBeLessThanOrEqual(at + elapsed);
        },
      ),
    );
  });

  it('E2 regeneration is the same whether read once or many times', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 30 }),
        (energy, regenPerSecond, steps) => {
          const limits = { max: 1000, regenPerSecond };
          let state = { energy, at: 0 };
          let now = 0;
          for (const step of steps) {
            now += step;
            state = regenerate(state, limits, now);
          }
          expect(regenerate(state, limits, now).energy).toBe(
            regenerate({ energy, at: 0 }, limits, now).energy,
          );
        },
      ),
    );
  });

  it('tells how long until energy is full', () => {
    const limits = { max: 1000, regenPerSecond: 4 };
    expect(msUntilFull({ energy: 1000, at: 0 }, limits, 0)).toBe(0);
    expect(msUntilFull({ energy: 996, at: 0 }, limits, 0)).toBe(1000);
    expect(msUntilFull({ energy: 996, at: 0 }, limits, 500)).toBe(500);
  });
});
