import {
  FLOATING_MERGE_SPAN_MS,
  FLOATING_MERGE_WINDOW_MS,
  FLOATING_MIN_RISE_PX,
  FLOATING_RISE_PX_PER_S,
  FLOATING_VALUE_DENSE_MS,
  FLOATING_VALUE_MS,
} from '@titans/shared/constants';
import { describe, expect, test } from 'vitest';
import {
  crossedValues,
  FLOATING_HALF_HEIGHT_PX,
  FloatingValuePlanner,
  floatCentre,
  floatingPath,
  type LiveFloat,
} from './floating-values.ts';

describe('floating tap values', () => {
  test('W7 a lone tap gets its own value for the spec’s 1.5 s at full size', () => {
    const planner = new FloatingValuePlanner();
    expect(planner.next(0)).toEqual({ merge: false, dense: false, durationMs: FLOATING_VALUE_MS, scale: 1 });
    expect(planner.next(2_000).merge).toBe(false);
  });

  test('W7 a tap within the merge window of the last one adds to its value, for at most the span', () => {
    const planner = new FloatingValuePlanner();
    expect(planner.next(1_000).merge).toBe(false);
    expect(planner.next(1_000 + FLOATING_MERGE_WINDOW_MS - 1).merge).toBe(true);
    // The window counts from the last tap: a gap as long as it starts a new value.
    expect(planner.next(1_000 + 2 * FLOATING_MERGE_WINDOW_MS - 1).merge).toBe(false);
    // A steady stream stops adding once the value is a span old.
    const stream = new FloatingValuePlanner();
    const merged = Array.from({ length: 12 }, (_, tap) => stream.next(tap * 66).merge);
    const span = Math.ceil(FLOATING_MERGE_SPAN_MS / 66);
    expect(merged.slice(1, span)).not.toContain(false);
    expect(merged[span]).toBe(false);
  });

  test('W7 at 15 taps a second about two values start each second, shorter-lived and smaller', () => {
    const planner = new FloatingValuePlanner();
    let started = 0;
    let last = planner.next(0);
    for (let tap = 1; tap < 60; tap++) {
      last = planner.next(tap * 66);
      if (!last.merge && tap >= 15) started++;
    }
    // 45 taps over about 3 s.
    expect(started).toBeGreaterThanOrEqual(5);
    expect(started).toBeLessThanOrEqual(6);
    expect(last.dense).toBe(true);
    expect(last.durationMs).toBe(FLOATING_VALUE_DENSE_MS);
    expect(last.scale).toBeLessThan(1);
  });

  test('W8 a value never rises over the combo banner, and always has room to rise', () => {
    const ceiling = 100;
    const top = ceiling + FLOATING_HALF_HEIGHT_PX;
    const full = (FLOATING_RISE_PX_PER_S * FLOATING_VALUE_MS) / 1_000;
    expect(floatingPath(400, FLOATING_VALUE_MS, ceiling)).toEqual({
      startY: 400,
      rise: full,
      durationMs: FLOATING_VALUE_MS,
    });
    // Close under the banner: it rises only to it, and lives only as long as that takes.
    const near = floatingPath(top + 60, FLOATING_VALUE_MS, ceiling);
    expect(near).toEqual({ startY: top + 60, rise: 60, durationMs: 600 });
    // On the banner itself: it starts the least rise under it.
    expect(floatingPath(90, FLOATING_VALUE_MS, ceiling)).toMatchObject({
      startY: top + FLOATING_MIN_RISE_PX,
      rise: FLOATING_MIN_RISE_PX,
    });
  });

  test('W7 every value rises at one speed, so values started apart never meet', () => {
    const ceiling = 100;
    const a: LiveFloat = {
      path: floatingPath(300, FLOATING_VALUE_MS, ceiling),
      startedAt: 0,
      halfHeight: 28,
    };
    const b: LiveFloat = {
      path: floatingPath(330, FLOATING_VALUE_DENSE_MS, ceiling),
      startedAt: 600,
      halfHeight: 22,
    };
    // At its start b is clear of a's band...
    expect(crossedValues([a], b.path.startY, b.halfHeight, 600)).toEqual([]);
    // ...and while both are on screen the distance between their centres never changes.
    const gap = floatCentre(b, 600) - floatCentre(a, 600);
    for (let now = 600; now < Math.min(a.path.durationMs, 600 + b.path.durationMs); now += 10)
      expect(floatCentre(b, now) - floatCentre(a, now)).toBeCloseTo(gap, 6);
  });

  test('W7 a new value replaces the values whose band it would cross, and only those', () => {
    const ceiling = 0;
    const rising: LiveFloat = { path: floatingPath(300, 1_000, ceiling), startedAt: 0, halfHeight: 22 };
    const far: LiveFloat = { path: floatingPath(600, 1_000, ceiling), startedAt: 0, halfHeight: 22 };
    // 200 ms later `rising` is 20 px up: a value starting at the same point crosses it.
    expect(crossedValues([rising, far], 300, 22, 200)).toEqual([rising]);
    // 500 ms later it is 50 px up, more than the two half heights: nothing is crossed.
    expect(crossedValues([rising, far], 300, 22, 500)).toEqual([]);
    // A value whose life is over is not on screen.
    expect(crossedValues([rising], 300 - 100, 22, 1_000)).toEqual([]);
  });
});
