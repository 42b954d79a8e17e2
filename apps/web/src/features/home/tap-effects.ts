import { SPARK_MS } from '@titans/shared/constants';
import {
  crossedValues,
  FLOATING_HALF_HEIGHT_PX,
  FloatingValuePlanner,
  floatingPath,
  type LiveFloat,
} from './floating-values.ts';

/** How a tap looks: plain, in a COMBO! (gold) or in a SUPER COMBO! (fire). */
export type TapTier = 'normal' | 'combo' | 'super';

/** Floating values alive at once: merged values at 20 taps a second need a dozen; room to spare. */
const FLOATING_POOL = 24;
/** Sparks alive at once: 20 taps a second × up to 8 sparks × 1 s. */
const SPARK_POOL = 160;
const RING_POOL = 12;
const SPARKS_PER_TAP: Record<TapTier, number> = { normal: 5, combo: 6, super: 8 };
/** While tapping is dense, fewer sparks: the screen stays readable. */
const DENSE_SPARKS = 3;
const TIER_RANK: Record<TapTier, number> = { normal: 0, combo: 1, super: 2 };

export interface TapEffectsOptions {
  /** Where floating values must stop (the combo banner's bottom), in the layer's coordinates. */
  ceiling?: () => number;
  /** The clock (ms, monotonic); tests pass their own. */
  now?: () => number;
}
const RING_MS = 420;

/**
 * The tap feedback over Home, outside React: pools of absolutely placed elements (the "+N"
 * labels for 1.5 s, sparks for 1 s, a shock ring) animated with Web Animations on transform and
 * opacity only. The compositor runs them off the main thread; a tap costs a handful of
 * `animate()` calls and no re-render, so 20 taps a second from several fingers stay at 60 fps.
 */
export class TapEffects {
  private readonly floating: HTMLElement[];
  private readonly sparks: HTMLElement[];
  private readonly rings: HTMLElement[];
  private nextFloating = 0;
  private nextSpark = 0;
  private nextRing = 0;
  /** The animation each pooled element runs, so reusing it never asks the browser (a style flush). */
  private readonly running = new WeakMap<HTMLElement, Animation>();
  private readonly reducedMotion: boolean;
  private readonly planner = new FloatingValuePlanner();
  /** The value taps are being merged into, while its merge window is open. */
  private current: { label: HTMLElement; value: number; tier: TapTier } | null = null;
  /** Where each value on screen started and how it moves, so a new one never crosses it (W7). */
  private readonly live = new Map<HTMLElement, LiveFloat>();

  constructor(
    private readonly layer: HTMLElement,
    private readonly options: TapEffectsOptions = {},
  ) {
    this.rings = this.pool(RING_POOL, 'tap-ring');
    this.sparks = this.pool(SPARK_POOL, 'tap-spark');
    this.floating = this.pool(FLOATING_POOL, 'tap-float');
    for (const label of this.floating) label.dataset.testid = 'floating-value';
    this.reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  }

  /** A tap at (x, y) in the layer's coordinates, worth `value` coins. */
  spawn(x: number, y: number, value: number, tier: TapTier): void {
    if (typeof this.layer.animate !== 'function') return;
    const now = this.options.now?.() ?? performance.now();
    const plan = this.planner.next(now);
    const current = this.current && this.live.has(this.current.label) ? this.current : null;
    if (plan.merge && current) {
      // Within the merge window: the value just started shows the sum (W7, D-WEB-15).
      current.value += value;
      if (TIER_RANK[tier] > TIER_RANK[current.tier]) current.tier = tier;
      current.label.textContent = `+${current.value}`;
      current.label.dataset.tier = current.tier;
    } else {
      const label = this.float(x, y, value, tier, plan.durationMs, plan.scale, now);
      if (label) this.current = { label, value, tier };
    }
    if (this.reducedMotion) return;
    this.ring(x, y, tier);
    const count = plan.dense ? DENSE_SPARKS : SPARKS_PER_TAP[tier];
    const turn = Math.random() * Math.PI * 2;
    for (let i = 0; i < count; i++) this.spark(x, y, turn + (Math.PI * 2 * i) / count, tier);
  }

  dispose(): void {
    for (const element of [...this.floating, ...this.sparks, ...this.rings]) element.remove();
  }

  private pool(size: number, className: string): HTMLElement[] {
    const elements: HTMLElement[] = [];
    for (let i = 0; i < size; i++) {
      const element = document.createElement('span');
      element.className = className;
      element.dataset.active = 'false';
      element.setAttribute('aria-hidden', 'true');
      this.layer.appendChild(element);
      elements.push(element);
    }
    return elements;
  }

  private play(element: HTMLElement, keyframes: Keyframe[], options: KeyframeAnimationOptions) {
    this.running.get(element)?.cancel();
    element.dataset.active = 'true';
    const animation = element.animate(keyframes, { fill: 'forwards', ...options });
    this.running.set(element, animation);
    animation.onfinish = () => {
      if (this.running.get(element) !== animation) return;
      element.dataset.active = 'false';
      this.live.delete(element);
    };
  }

  /** Takes a value off the screen at once (a new one starts over it). */
  private remove(element: HTMLElement) {
    this.running.get(element)?.cancel();
    this.running.delete(element);
    element.dataset.active = 'false';
    this.live.delete(element);
  }

  private float(
    x: number,
    y: number,
    value: number,
    tier: TapTier,
    durationMs: number,
    size: number,
    now: number,
  ) {
    const label = this.floating[this.nextFloating];
    if (!label) return;
    this.nextFloating = (this.nextFloating + 1) % this.floating.length;
    // It rises towards the combo banner but never over it (W8), at the one speed (W7).
    const ceiling = this.options.ceiling?.() ?? Number.NEGATIVE_INFINITY;
    const path = floatingPath(y, durationMs, ceiling);
    const halfHeight = FLOATING_HALF_HEIGHT_PX * size;
    // A value it would cross gives way: no two values on screen share a band (W7).
    const onScreen = [...this.live].map(([element, live]) => ({ ...live, element }));
    for (const crossed of crossedValues(onScreen, path.startY, halfHeight, now)) this.remove(crossed.element);
    this.remove(label);
    label.textContent = `+${value}`;
    label.dataset.tier = tier;
    const drift = (Math.random() - 0.5) * 40;
    const rise = path.rise;
    const at = (progress: number, scale: number) =>
      `translate3d(${x + drift * progress}px, ${path.startY - rise * progress}px, 0) translate(-50%, -50%) scale(${scale * size})`;
    this.play(
      label,
      [
        { transform: at(0, 0.5), opacity: 0 },
        { transform: at(0.1, tier === 'normal' ? 1.1 : 1.3), opacity: 1, offset: 0.1 },
        { transform: at(0.6, 1), opacity: 1, offset: 0.6 },
        { transform: at(1, 0.9), opacity: 0 },
      ],
      // Linear: every value rises at the same speed, so values that start apart stay apart.
      { duration: path.durationMs, easing: 'linear' },
    );
    // The animation runs from the tap, as `live` reckons it, not from the next frame: on a busy
    // phone that frame comes late and the value would sit lower than its band, over the next one.
    const animation = this.running.get(label);
    if (animation && !this.options.now) animation.startTime = now;
    this.live.set(label, { path, startedAt: now, halfHeight });
    return label;
  }

  private spark(x: number, y: number, angle: number, tier: TapTier) {
    const spark = this.sparks[this.nextSpark];
    if (!spark) return;
    this.nextSpark = (this.nextSpark + 1) % this.sparks.length;
    spark.dataset.tier = tier;
    const distance = 46 + Math.random() * (tier === 'super' ? 90 : 60);
    const dx = Math.cos(angle) * distance;
    const dy = Math.sin(angle) * distance;
    const size = 0.7 + Math.random() * 0.6;
    const at = (fx: number, fy: number, scale: number) =>
      `translate3d(${x + fx}px, ${y + fy}px, 0) translate(-50%, -50%) scale(${scale})`;
    this.play(
      spark,
      [
        { transform: at(0, 0, size * 1.3), opacity: 1 },
        { transform: at(dx * 0.75, dy * 0.75 - 8, size), opacity: 0.95, offset: 0.35 },
        // Slowing down and falling a little as it fades.
        { transform: at(dx, dy + 26, size * 0.3), opacity: 0 },
      ],
      { duration: SPARK_MS * (0.7 + Math.random() * 0.3), easing: 'cubic-bezier(0.15, 0.7, 0.35, 1)' },
    );
  }

  private ring(x: number, y: number, tier: TapTier) {
    const ring = this.rings[this.nextRing];
    if (!ring) return;
    this.nextRing = (this.nextRing + 1) % this.rings.length;
    ring.dataset.tier = tier;
    const at = (scale: number) => `translate3d(${x}px, ${y}px, 0) translate(-50%, -50%) scale(${scale})`;
    this.play(
      ring,
      [
        { transform: at(0.2), opacity: 0.9 },
        { transform: at(1), opacity: 0 },
      ],
      { duration: RING_MS, easing: 'cubic-bezier(0.1, 0.7, 0.3, 1)' },
    );
  }
}
