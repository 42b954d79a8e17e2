/*
 * Where the live target is drawn (decisions D-UI-11). The server places targets in its fixed arena
 * space (D-BATTLE-4: 400 × 520, the whole circle inside) and the client scales the centre to the
 * arena it has, but draws the circle at its own size in pixels, large enough to hit. On a small
 * phone a scaled centre near the edge would put half the circle outside, so the centre is clamped
 * to keep the whole circle, and its lifetime bar below it, inside the arena box.
 */

/** Room the 5 s lifetime bar takes under the circle (it hangs 12 px below, 6 px high). */
export const TARGET_BAR_PX = 14;

export interface Size {
  width: number;
  height: number;
}

export interface TargetBox {
  left: number;
  top: number;
  size: number;
}

function clamp(value: number, min: number, max: number) {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * The target's square in the arena box's pixels (left and top from the box's corner). `space` is
 * the server's arena size, `box` the measured arena; the size never exceeds what the box can hold.
 */
export function placeTarget(
  target: { x: number; y: number; size: number },
  space: Size,
  box: Size,
): TargetBox {
  const size = Math.max(0, Math.min(target.size, box.width, box.height - TARGET_BAR_PX));
  const half = size / 2;
  const x = clamp((target.x / space.width) * box.width, half, box.width - half);
  const y = clamp((target.y / space.height) * box.height, half, box.height - half - TARGET_BAR_PX);
  return { left: x - half, top: y - half, size };
}
