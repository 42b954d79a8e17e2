import { describe, expect, test } from 'vitest';
import {
  addDamage,
  clearTop,
  DAMAGE_MERGE_GAP_MS,
  DAMAGE_MERGE_SPAN_MS,
  DAMAGE_NUMBER_BOX,
  DAMAGE_NUMBER_MS,
  DAMAGE_RISE_PX,
  type DamageNumber,
  damageLabel,
  type LandedHit,
  type PlacedNumber,
} from './damage-numbers.ts';

const mine = (damage = 36, targetId = 1): LandedHit => ({
  by: 'you',
  damage,
  superAttack: false,
  targetId,
  x: 100,
  y: 100,
});
const theirs: LandedHit = { by: 'opponent', damage: 20, superAttack: false, targetId: null, x: 200, y: 470 };

/** Taps at `perSecond` for `ms`, as the arena's reducer folds them in. */
function tapping(perSecond: number, ms: number, hit = mine()) {
  let numbers: DamageNumber[] = [];
  let id = 0;
  for (let at = 0; at < ms; at += 1000 / perSecond) numbers = addDamage(numbers, hit, at, ++id);
  return numbers;
}

describe('damage numbers merge (rules W18, decisions D-UI-12)', () => {
  test('W18 hits close together share one number: their sum and their count', () => {
    let numbers = addDamage([], mine(36), 0, 1);
    numbers = addDamage(numbers, mine(36), 66, 2);
    numbers = addDamage(numbers, mine(40), 133, 3);
    expect(numbers).toHaveLength(1);
    expect(numbers[0]).toMatchObject({ id: 1, damage: 112, hits: 3 });
    expect(damageLabel(numbers[0]!)).toEqual({ value: '-112', hits: '3 hits' });
  });

  test('W18 at 15 taps a second, at most three of your numbers are alive at once, never stacked on one spot', () => {
    for (const ms of [400, 1_000, 3_000, 10_000]) {
      const numbers = tapping(15, ms).filter((n) => ms - n.startedAt < DAMAGE_NUMBER_MS);
      expect(numbers.length).toBeLessThanOrEqual(3);
      // Each holds every hit of about half a second, so they start half a second apart.
      for (let i = 1; i < numbers.length; i++)
        expect(numbers[i]!.startedAt - numbers[i - 1]!.startedAt).toBeGreaterThanOrEqual(
          DAMAGE_MERGE_SPAN_MS,
        );
    }
    const total = tapping(15, 3_000).reduce((sum, n) => sum + n.hits, 0);
    expect(total).toBeGreaterThan(0);
  });

  test('W18 no hit is lost: the numbers of a burst add up to every hit and all its damage', () => {
    let numbers: DamageNumber[] = [];
    let damage = 0;
    for (let i = 0; i < 12; i++) {
      numbers = addDamage(numbers, mine(10 + i), i * 70, i + 1);
      damage += 10 + i;
    }
    expect(numbers.reduce((sum, n) => sum + n.hits, 0)).toBe(12);
    expect(numbers.reduce((sum, n) => sum + n.damage, 0)).toBe(damage);
  });

  test('a pause longer than the gap, a burst longer than the span, or a new target starts a new number', () => {
    const one = addDamage([], mine(), 0, 1);
    expect(addDamage(one, mine(), DAMAGE_MERGE_GAP_MS + 1, 2)).toHaveLength(2);
    let long = one;
    for (let at = 100; at <= DAMAGE_MERGE_SPAN_MS + 100; at += 100) long = addDamage(long, mine(), at, at);
    expect(long).toHaveLength(2);
    expect(addDamage(one, mine(36, 2), 50, 2)).toHaveLength(2);
  });

  test("the opponent's hits never merge into yours; a super attack marks the number it joins", () => {
    let numbers = addDamage([], mine(), 0, 1);
    numbers = addDamage(numbers, theirs, 10, 2);
    expect(numbers.map((n) => [n.by, n.hits])).toEqual([
      ['you', 1],
      ['opponent', 1],
    ]);
    numbers = addDamage(numbers, { ...mine(108), superAttack: true }, 50, 3);
    expect(numbers[0]).toMatchObject({ hits: 2, damage: 144, superAttack: true });
    expect(damageLabel({ damage: 36, hits: 1 })).toEqual({ value: '-36', hits: null });
  });

  test('numbers whose life is over are dropped', () => {
    const one = addDamage([], mine(), 0, 1);
    expect(addDamage(one, theirs, DAMAGE_NUMBER_MS, 2).map((n) => n.id)).toEqual([2]);
  });
});

describe('damage numbers never overlap (rules W18)', () => {
  /** A number drawn at `top` at `startedAt`, rising linearly as the arena draws it. */
  type Drawn = PlacedNumber & { startedAt: number };
  const topAt = (number: Drawn, now: number) =>
    number.top - DAMAGE_RISE_PX * Math.min(1, (now - number.startedAt) / DAMAGE_NUMBER_MS);
  const live = (drawn: Drawn[], now: number) => drawn.filter((n) => now - n.startedAt < DAMAGE_NUMBER_MS);

  test('W18 a number starts under the numbers on screen it would cover, and none ever meet', () => {
    // Hits on targets at a few nearby spots, at 3 to 15 taps a second, for 6 s.
    for (const perSecond of [3, 6, 10, 15]) {
      let numbers: DamageNumber[] = [];
      const drawn = new Map<number, Drawn>();
      let id = 0;
      for (let at = 0; at < 6_000; at += 1_000 / perSecond) {
        const spot = Math.floor(at / 900) % 3;
        numbers = addDamage(numbers, { ...mine(), targetId: spot, x: 100 + spot * 30, y: 200 }, at, ++id);
        for (const number of numbers) {
          if (drawn.has(number.id)) continue;
          const others = live([...drawn.values()], at).map((n) => ({ x: n.x, top: topAt(n, at) }));
          drawn.set(number.id, { x: number.x, top: clearTop(number.x, number.y, others), startedAt: at });
        }
        for (let later = at; later < at + 1_000 / perSecond; later += 10) {
          const shown = live([...drawn.values()], later);
          for (let i = 0; i < shown.length; i++)
            for (let j = i + 1; j < shown.length; j++) {
              const apart =
                Math.abs(shown[i]!.x - shown[j]!.x) >= DAMAGE_NUMBER_BOX.width ||
                Math.abs(topAt(shown[i]!, later) - topAt(shown[j]!, later)) >=
                  DAMAGE_NUMBER_BOX.height - 1e-6;
              expect(apart, `${perSecond}/s at ${later} ms`).toBe(true);
            }
        }
      }
    }
  });

  test('W18 with nothing in the way a number starts at its point', () => {
    const far: PlacedNumber = { x: 400, top: 100 };
    expect(clearTop(100, 100, [far])).toBe(100);
    expect(clearTop(400, 100 + DAMAGE_NUMBER_BOX.height, [far])).toBe(100 + DAMAGE_NUMBER_BOX.height);
    // One at the same point: the new one starts a box lower, and under the next one too.
    const below: PlacedNumber = { x: 420, top: 100 + DAMAGE_NUMBER_BOX.height + 5 };
    expect(clearTop(400, 100, [far, below])).toBe(below.top + DAMAGE_NUMBER_BOX.height);
  });
});
