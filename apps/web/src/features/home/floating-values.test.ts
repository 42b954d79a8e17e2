import {
  FLOATING_MERGE_WINDOW_MS,
  FLOATING_VALUE_DENSE_MS,
  FLOATING_VALUE_MS,
} from '@titans/shared/constants';
import { describe, expect, test } from 'vitest';
import { FLOATING_HALF_HEIGHT_PX, FloatingValuePlanner, floatingPath } from './floating-values.ts';

describe('floating tap values', () => {
  test('W7 a lone tap gets its own value for the spec’s 1.5 s at full size', () => {
    const planner = new FloatingValuePlanner();
    expect(planner.next(0)).toEqual({ merge: false, dense: false, durationMs: FLOATING_VALUE_MS, scale: 1 });
    expect(planner.next(2_000).merge).toBe(false);
  });

  test('W7 taps within the merge window add to the value just started', () => {
    const planner = new FloatingValuePlanner();
    expect(planner.next(1_000).merge).toBe(false);
    expect(planner.next(1_050).merge).toBe(true);
    expect(planner.next(1_000 + FLOATING_MERGE_WINDOW_MS - 1).merge).toBe(true);
    // The window counts from the value's first tap, so a steady stream still starts new values.
    expect(planner.next(1_000 + FLOATING_MERGE_WINDOW_MS).merge).toBe(false);
  });

  test('W7 at 20 taps a second about 7 values start each second, shorter-lived and smaller', () => {
    const planner = new FloatingValuePlanner();
    let started = 0;
    let last = planner.next(0);
    for (let tap = 1; tap < 40; tap++) {
      last = planner.next(tap * 50);
      if (!last.merge && tap >= 20) started++;
    }
    expect(started).toBeLessThanOrEqual(7);
    expect(last.dense).toBe(true);
    expect(last.durationMs).toBe(FLOATING_VALUE_DENSE_MS);
    expect(last.scale).toBeLessThan(1);
  });

  test('W8 a value never rises over the combo banner', () => {
    const ceiling = 100;
    expect(floatingPath(400, 150, ceiling)).toEqual({ startY: 400, rise: 150 });
    expect(floatingPath(200, 150, ceiling)).toEqual({
      startY: 200,
      rise: 200 - ceiling - FLOATING_HALF_HEIGHT_PX,
    });
    // A tap on the banner itself starts its value just under it, and it does not rise.
    expect(floatingPath(90, 150, ceiling)).toEqual({ startY: ceiling + FLOATING_HALF_HEIGHT_PX, rise: 0 });
  });
});
