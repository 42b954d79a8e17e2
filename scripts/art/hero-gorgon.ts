/*
 * The gorgons' head (the Medusa race): a face framed by living snakes, slit eyes and scales at
 * the brow, in the kit's style (hero-kit.ts).
 */
import { n } from './art-kit.ts';
import { eyes } from './hero-face.ts';
import type { HeadSpec } from './hero-heads.ts';
import { ellipseD, flat, HEAD, INK, inkLine, polyD, type Sketch, shape, tone, tube } from './hero-kit.ts';

const { x: X, y: Y } = HEAD;

/** A gorgon: a face framed by living snakes, slit eyes, scales at the brow. */
export function gorgon(s: Sketch, h: HeadSpec): void {
  const count = h.kind === 'queen' ? 9 : h.kind === 'crowned' ? 7 : 5;
  const snakes: Array<[number, number]> = [];
  for (let index = 0; index < count; index++) {
    const angle = -172 + (164 * index) / (count - 1);
    snakes.push([angle, index % 2 === 0 ? 1 : -1]);
  }
  for (const [angle, bend] of snakes) snake(s, angle, bend, h.mark, h.light);
  for (const side of [-1, 1])
    shape(
      s,
      polyD([
        [X + side * 78, Y - 8],
        [X + side * 118, Y - 28],
        [X + side * 84, Y + 30],
      ]),
      { fill: h.fur },
    );
  shape(
    s,
    `M${X - 86} ${Y - 20}Q${X - 86} ${Y - 102} ${X} ${Y - 102}Q${X + 86} ${Y - 102} ${X + 86} ${Y - 20}Q${X + 82} ${Y + 70} ${X} ${Y + 98}Q${X - 82} ${Y + 70} ${X - 86} ${Y - 20}Z`,
    { fill: h.fur },
  );
  for (const [dx, dy] of [
    [-20, -78],
    [0, -84],
    [20, -78],
    [-10, -64],
    [10, -64],
  ] as const) {
    inkLine(s, `M${X + dx - 8} ${Y + dy}q8 8 16 0`, 3, tone(h.fur, -0.35));
  }
  eyes(s, { y: Y - 2, dx: 38, r: 23, iris: h.eye, pupil: 'slit', mood: h.mood, lid: h.fur });
  inkLine(s, `M${X - 4} ${Y + 30}q4 6 8 0`, 4);
  shape(s, `M${X - 22} ${Y + 56}Q${X} ${Y + 48} ${X + 22} ${Y + 56}Q${X} ${Y + 72} ${X - 22} ${Y + 56}Z`, {
    fill: '#7b2c5a',
    line: 4,
    shade: 0,
  });
  // Two snakes fall over the brow, in front of the face.
  for (const side of [-1, 1]) {
    tube(
      s,
      `M${X + side * 30} ${Y - 96}Q${X + side * 96} ${Y - 80} ${X + side * 84} ${Y - 10}`,
      h.mark,
      18,
      6,
    );
    snakeHead(s, X + side * 84, Y - 6, 90, h.mark);
  }
}

function snake(s: Sketch, angleDeg: number, bend: number, color: string, belly: string): void {
  const a = (angleDeg * Math.PI) / 180;
  const [fromX, fromY] = [X + Math.cos(a) * 40, Y - 40 + Math.sin(a) * 40];
  const [toX, toY] = [X + Math.cos(a) * 146, Y - 22 + Math.sin(a) * 112];
  const [midX, midY] = [
    (fromX + toX) / 2 - Math.sin(a) * 30 * bend,
    (fromY + toY) / 2 + Math.cos(a) * 30 * bend,
  ];
  tube(s, `M${n(fromX)} ${n(fromY)}Q${n(midX)} ${n(midY)} ${n(toX)} ${n(toY)}`, color, 22, 6);
  inkLine(s, `M${n(fromX)} ${n(fromY)}Q${n(midX)} ${n(midY)} ${n(toX)} ${n(toY)}`, 6, belly);
  snakeHead(s, toX, toY, angleDeg, color);
}

function snakeHead(s: Sketch, x: number, y: number, angleDeg: number, color: string): void {
  s.out.push(`<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angleDeg + 90)})">`);
  shape(s, 'M-17 6Q-20-20 0-26Q20-20 17 6Q0 16-17 6Z', { fill: color, line: 6, shade: 0.15 });
  flat(s, ellipseD(-7, -8, 4.5), '#ffe14d');
  flat(s, ellipseD(7, -8, 4.5), '#ffe14d');
  flat(s, ellipseD(-7, -8, 1.6, 3.5), INK);
  flat(s, ellipseD(7, -8, 1.6, 3.5), INK);
  s.out.push('</g>');
}
