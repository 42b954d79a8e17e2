import { useLayoutEffect, useRef } from 'react';
import { cx } from '../../lib/cx.ts';
import { useArena } from './arena-store.ts';
import {
  clearTop,
  DAMAGE_NUMBER_MS,
  DAMAGE_RISE_PX,
  type DamageNumber,
  damageLabel,
  type PlacedNumber,
} from './damage-numbers.ts';
import { placeTarget, type Size } from './target-placement.ts';

/**
 * The floating damage numbers (W18, decisions D-UI-12): one per burst of hits, "-108" with
 * "3 hits", rising from where the hits landed (the target as drawn, clamped inside the arena), or
 * just under the numbers on screen there, so two never overlap.
 */
export function DamageLayer({ space, box }: { space: Size; box: Size | null }) {
  const floating = useArena((s) => s.floating);
  // Where each number started, fixed once it is first drawn (a number never jumps).
  const placed = useRef(new Map<number, PlacedNumber>());
  if (!box) return null;
  const alive = new Set(floating.map((number) => number.id));
  for (const id of placed.current.keys()) if (!alive.has(id)) placed.current.delete(id);
  return floating.map((number) => {
    let start = placed.current.get(number.id);
    if (!start) {
      const place = placeTarget({ x: number.x, y: number.y, size: 56 }, space, box);
      start = { x: place.left + place.size / 2, top: place.top };
      placed.current.set(number.id, start);
    }
    return <FloatingDamage key={number.id} number={number} start={start} />;
  });
}

/** Where the other numbers in `span`'s arena are drawn now, in the arena's pixels. */
function numbersOnScreen(span: HTMLElement): PlacedNumber[] {
  const arena = span.offsetParent;
  if (!arena) return [];
  const origin = arena.getBoundingClientRect();
  return (
    Array.from(arena.querySelectorAll('[data-testid="damage-number"]'))
      // Every number still rising, also one that started this frame and is not yet faded in.
      .filter((other) => other !== span && other.getAnimations().some((a) => a.playState !== 'finished'))
      .map((other) => {
        const box = other.getBoundingClientRect();
        return { x: box.left + box.width / 2 - origin.left, top: box.top - origin.top };
      })
  );
}

/** One number, rising linearly over its life from where it started. */
function FloatingDamage({ number, start }: { number: DamageNumber; start: PlacedNumber }) {
  const element = useRef<HTMLSpanElement>(null);
  const { value, hits } = damageLabel(number);
  const mine = number.by === 'you';
  useLayoutEffect(() => {
    const span = element.current;
    if (!span || typeof span.animate !== 'function') return;
    // Under the numbers drawn there now, measured as they are (W18); kept for later renders.
    start.top = clearTop(start.x, start.top, numbersOnScreen(span));
    span.style.top = `${start.top}px`;
    const at = (progress: number, scale: number) =>
      `translate(-50%, ${-DAMAGE_RISE_PX * progress}px) scale(${scale})`;
    const animation = span.animate(
      [
        { transform: at(0, 0.6), opacity: 0 },
        { transform: at(0.12, 1.15), opacity: 1, offset: 0.12 },
        { transform: at(0.6, 1), opacity: 1, offset: 0.6 },
        { transform: at(1, 1), opacity: 0 },
      ],
      // Linear, at one speed for every number, so numbers that start apart stay apart.
      { duration: DAMAGE_NUMBER_MS, easing: 'linear', fill: 'both' },
    );
    return () => animation.cancel();
  }, [start]);
  return (
    <span
      ref={element}
      aria-hidden
      data-testid="damage-number"
      className={cx(
        'pointer-events-none absolute z-20 whitespace-nowrap font-display leading-none text-outline opacity-0',
        mine
          ? number.superAttack
            ? 'text-[32px] text-gold-300'
            : 'text-[26px] text-white'
          : 'text-[24px] text-danger-400',
      )}
      style={{ left: start.x, top: start.top }}
    >
      {value}
      {hits && ' '}
      {hits && <span className="align-middle text-[13px] text-gold-200">{hits}</span>}
    </span>
  );
}
