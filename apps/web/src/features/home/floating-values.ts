import {
  FLOATING_DENSE_TAPS_PER_SECOND,
  FLOATING_MERGE_WINDOW_MS,
  FLOATING_VALUE_DENSE_MS,
  FLOATING_VALUE_DENSE_SCALE,
  FLOATING_VALUE_MS,
} from '@titans/shared/constants';

/** What one tap's floating value does: start a new "+N", or add to the one just started. */
export interface FloatingPlan {
  /** Add to the value started less than the merge window ago instead of starting one. */
  merge: boolean;
  /** Many taps in the last second: a shorter life and a smaller size. */
  dense: boolean;
  /** Life of a new value (ms). */
  durationMs: number;
  /** Size of a new value, 1 for a lone tap. */
  scale: number;
}

/**
 * Keeps floating tap values readable however fast the fingers go (decisions: D-WEB-15): taps
 * within a short window share one value (their sum), and while tapping is dense values live
 * shorter and draw smaller. At 20 taps a second that is about 7 values a second, each alive for
 * 0.8 s, instead of 30 overlapping ones. Pure: time is an argument.
 */
export class FloatingValuePlanner {
  private groupStartedAt = Number.NEGATIVE_INFINITY;
  private readonly recent: number[] = [];

  /** The plan for a tap at `now` (ms, monotonic). */
  next(now: number): FloatingPlan {
    this.recent.push(now);
    while ((this.recent[0] ?? now) <= now - 1_000) this.recent.shift();
    const dense = this.recent.length >= FLOATING_DENSE_TAPS_PER_SECOND;
    const merge = now - this.groupStartedAt < FLOATING_MERGE_WINDOW_MS;
    if (!merge) this.groupStartedAt = now;
    return {
      merge,
      dense,
      durationMs: dense ? FLOATING_VALUE_DENSE_MS : FLOATING_VALUE_MS,
      scale: dense ? FLOATING_VALUE_DENSE_SCALE : 1,
    };
  }
}

/** Room a floating value needs above its centre (half its height at its largest, plus air). */
export const FLOATING_HALF_HEIGHT_PX = 28;

/**
 * Where a value starts and how far it rises, so that it never goes over the combo banner: its
 * centre stays `FLOATING_HALF_HEIGHT_PX` below `ceiling` (the banner's bottom, in the same
 * coordinates), and a tap above that line starts its value on it.
 */
export function floatingPath(y: number, rise: number, ceiling: number): { startY: number; rise: number } {
  const top = ceiling + FLOATING_HALF_HEIGHT_PX;
  const startY = Math.max(y, top);
  return { startY, rise: Math.max(0, Math.min(rise, startY - top)) };
}
