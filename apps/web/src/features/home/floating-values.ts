import {
  FLOATING_DENSE_TAPS_PER_SECOND,
  FLOATING_MERGE_SPAN_MS,
  FLOATING_MERGE_WINDOW_MS,
  FLOATING_MIN_RISE_PX,
  FLOATING_RISE_PX_PER_S,
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
 * Keeps floating tap values readable however fast the fingers go (W7, decisions: D-WEB-15): a tap
 * within the merge window of the latest value's last tap adds to it (their sum), for at most the
 * merge span, and while tapping is dense values live shorter and draw smaller. At 15 taps a second
 * that is about two values a second instead of fifteen overlapping ones. Pure: time is an argument.
 */
export class FloatingValuePlanner {
  private groupStartedAt = Number.NEGATIVE_INFINITY;
  private lastTapAt = Number.NEGATIVE_INFINITY;
  private readonly recent: number[] = [];

  /** The plan for a tap at `now` (ms, monotonic). */
  next(now: number): FloatingPlan {
    this.recent.push(now);
    while ((this.recent[0] ?? now) <= now - 1_000) this.recent.shift();
    const dense = this.recent.length >= FLOATING_DENSE_TAPS_PER_SECOND;
    const merge =
      now - this.lastTapAt < FLOATING_MERGE_WINDOW_MS && now - this.groupStartedAt < FLOATING_MERGE_SPAN_MS;
    if (!merge) this.groupStartedAt = now;
    this.lastTapAt = now;
    return {
      merge,
      dense,
      durationMs: dense ? FLOATING_VALUE_DENSE_MS : FLOATING_VALUE_MS,
      scale: dense ? FLOATING_VALUE_DENSE_SCALE : 1,
    };
  }
}

/** Room a floating value needs above and below its centre (half its height at its largest). */
export const FLOATING_HALF_HEIGHT_PX = 28;

/** How one floating value moves: from (its centre) `startY` up by `rise` px over `durationMs`. */
export interface FloatingPath {
  startY: number;
  rise: number;
  durationMs: number;
}

/**
 * Where a value starts, how far it rises and for how long (W7, W8). Every value rises at the one
 * speed `FLOATING_RISE_PX_PER_S`, so two values that start apart stay apart. It never goes over the
 * combo banner: its centre stops `FLOATING_HALF_HEIGHT_PX` under `ceiling` (the banner's bottom, in
 * the same coordinates), where its life ends; and it always has `FLOATING_MIN_RISE_PX` to rise, so a
 * tap close under the banner starts its value that far under it.
 */
export function floatingPath(y: number, durationMs: number, ceiling: number): FloatingPath {
  const top = ceiling + FLOATING_HALF_HEIGHT_PX;
  const startY = Math.max(y, top + FLOATING_MIN_RISE_PX);
  const rise = Math.min((FLOATING_RISE_PX_PER_S * durationMs) / 1_000, startY - top);
  return { startY, rise, durationMs: (rise / FLOATING_RISE_PX_PER_S) * 1_000 };
}

/** A value on screen: where it started, when, and how tall it is at its largest (half, in px). */
export interface LiveFloat {
  path: FloatingPath;
  startedAt: number;
  halfHeight: number;
}

/** The centre of `value` at `now`: it rises linearly, at the one speed. */
export function floatCentre(value: LiveFloat, now: number): number {
  const progress = Math.min(1, Math.max(0, (now - value.startedAt) / value.path.durationMs));
  return value.path.startY - value.path.rise * progress;
}

/**
 * The live values a new one starting at `startY` (of half height `halfHeight`) would overlap, at
 * any width: their bands of height cross. The new value replaces them (W7), so values on screen
 * always hold bands of their own, and rising at one speed they never meet.
 */
export function crossedValues<T extends LiveFloat>(
  live: readonly T[],
  startY: number,
  halfHeight: number,
  now: number,
): T[] {
  return live.filter(
    (value) =>
      now - value.startedAt < value.path.durationMs &&
      Math.abs(floatCentre(value, now) - startY) < value.halfHeight + halfHeight,
  );
}
