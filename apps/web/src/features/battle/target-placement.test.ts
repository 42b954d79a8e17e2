import { describe, expect, test } from 'vitest';
import { placeTarget, TARGET_BAR_PX } from './target-placement.ts';

const SPACE = { width: 400, height: 520 };

function inside(box: { left: number; top: number; size: number }, arena: { width: number; height: number }) {
  return (
    box.left >= 0 &&
    box.top >= 0 &&
    box.left + box.size <= arena.width &&
    box.top + box.size + TARGET_BAR_PX <= arena.height
  );
}

describe('placeTarget: the whole target inside the arena (rules W17, decisions D-UI-11)', () => {
  test('W17 a target the server put at its edge stays whole inside a 296 × 300 arena', () => {
    const arena = { width: 296, height: 300 };
    for (const [x, y] of [
      [40, 40],
      [360, 40],
      [40, 480],
      [360, 480],
      [200, 40],
    ] as const) {
      const box = placeTarget({ x, y, size: 80 }, SPACE, arena);
      expect(box.size).toBe(80);
      expect(inside(box, arena)).toBe(true);
    }
  });

  test('W17 every position and size the server may send, at every arena from a 320 px phone to a tablet', () => {
    for (const arena of [
      { width: 296, height: 240 },
      { width: 336, height: 330 },
      { width: 366, height: 560 },
      { width: 416, height: 700 },
    ])
      for (let x = 18; x <= 382; x += 14)
        for (let y = 18; y <= 502; y += 14)
          for (const size of [36, 50, 80])
            expect(inside(placeTarget({ x, y, size }, SPACE, arena), arena)).toBe(true);
  });

  test('a target away from the edges keeps its scaled centre', () => {
    const box = placeTarget({ x: 200, y: 260, size: 60 }, SPACE, { width: 300, height: 390 });
    expect(box).toEqual({ left: 120, top: 165, size: 60 });
  });

  test('an arena smaller than the target shrinks it rather than letting it out', () => {
    const arena = { width: 50, height: 60 };
    const box = placeTarget({ x: 380, y: 500, size: 80 }, SPACE, arena);
    expect(box.size).toBe(46);
    expect(inside(box, arena)).toBe(true);
  });
});
