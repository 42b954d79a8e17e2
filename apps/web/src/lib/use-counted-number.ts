import { type RefObject, useLayoutEffect, useRef } from 'react';
import { formatNumber } from './format-number.ts';

/** How long a lower total takes to count down to its new value (decisions D-WEB-7). */
export const COUNT_DOWN_MS = 450;

/**
 * Writes `value` (formatted) straight into the returned element's text: a coin total changes up
 * to 20 times a second while the player taps, so it skips React's render. A rise shows at once
 * (`onRise` runs, e.g. to bump the coin) so taps stay under the finger; a fall counts down over
 * COUNT_DOWN_MS (ease-out), so a debit — a battle's stake, a purchase — is seen happening.
 */
export function useCountedNumber<E extends HTMLElement>(value: number, onRise?: () => void): RefObject<E> {
  const element = useRef<E>(null);
  const shown = useRef<number | null>(null);
  const rise = useRef(onRise);
  rise.current = onRise;

  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const from = shown.current;
    if (from === null || value >= from) {
      if (from !== null && value > from) rise.current?.();
      shown.current = value;
      target.textContent = formatNumber(value);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (time: number) => {
      const progress = Math.min(1, Math.max(0, (time - start) / COUNT_DOWN_MS));
      const current = Math.round(from + (value - from) * (1 - (1 - progress) ** 3));
      shown.current = current;
      target.textContent = formatNumber(current);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      // Interrupted (a newer value): the next run starts from what is on screen.
    };
  }, [value]);

  return element;
}
