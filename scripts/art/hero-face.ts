/*
 * The features every hero's face is built from, in the kit's conventions (hero-kit.ts): eyes with
 * one highlight, brows that set the mood, noses and mouths per kind of muzzle, and whiskers.
 */
import { n } from './art-kit.ts';
import { DETAIL, ellipseD, flat, glint, HEAD, INK, inkLine, polyD, type Sketch, shape } from './hero-kit.ts';

export type Mood = 'fierce' | 'calm' | 'bold';

export type EyeStyle = {
  /** Height of the eyes and their distance from the centre line. */
  y: number;
  dx: number;
  r: number;
  iris: string;
  pupil: 'round' | 'slit';
  mood: Mood;
  /** The colour around the eyes, which the lid of a fierce look is cut from. */
  lid: string;
};

/** Two eyes, mirrored, with the brows of the mood. */
export function eyes(s: Sketch, e: EyeStyle): void {
  for (const side of [-1, 1]) {
    const x = HEAD.x + side * e.dx;
    shape(s, ellipseD(x, e.y, e.r * 0.86, e.r), { fill: '#fffdf6', line: DETAIL, shade: 0.12 });
    flat(s, ellipseD(x + side * -e.r * 0.08, e.y + e.r * 0.12, e.r * 0.64, e.r * 0.74), e.iris);
    const pupil =
      e.pupil === 'slit'
        ? ellipseD(x + side * -e.r * 0.08, e.y + e.r * 0.12, e.r * 0.15, e.r * 0.58)
        : ellipseD(x + side * -e.r * 0.08, e.y + e.r * 0.14, e.r * 0.36);
    flat(s, pupil, INK);
    flat(s, ellipseD(x - e.r * 0.3, e.y - e.r * 0.3, e.r * 0.22), '#fff');
    brow(s, x, side, e);
  }
}

function brow(s: Sketch, x: number, side: number, e: EyeStyle): void {
  const outer = x + side * e.r * 1.05;
  const inner = x - side * e.r * 0.95;
  if (e.mood === 'fierce') {
    // The lid cuts the top of the eye along the brow: a frown that reads even at thumbnail size.
    const lid = polyD([
      [outer + side * 6, e.y - e.r * 1.5],
      [inner - side * 6, e.y - e.r * 1.5],
      [inner - side * 6, e.y - e.r * 0.42],
      [outer + side * 6, e.y - e.r * 0.98],
    ]);
    flat(s, lid, e.lid);
    inkLine(
      s,
      `M${n(outer + side * 4)} ${n(e.y - e.r * 1.02)}L${n(inner - side * 2)} ${n(e.y - e.r * 0.4)}`,
      9,
    );
    return;
  }
  const lift = e.mood === 'bold' ? 1.5 : 1.35;
  inkLine(
    s,
    `M${n(outer)} ${n(e.y - e.r * (lift - 0.15))}Q${n(x)} ${n(e.y - e.r * (lift + 0.25))} ${n(inner)} ${n(e.y - e.r * lift)}`,
    7,
  );
}

/** A small triangular nose (cats, tigers) at (x, y). */
export function catNose(s: Sketch, y: number, fill = '#f08aa0'): void {
  shape(
    s,
    polyD([
      [HEAD.x - 15, y - 6],
      [HEAD.x + 15, y - 6],
      [HEAD.x, y + 8],
    ]),
    { fill, line: DETAIL, shade: 0 },
  );
}

/** A big round nose with a glint (dogs, pandas). */
export function roundNose(s: Sketch, y: number, width = 24): void {
  shape(s, ellipseD(HEAD.x, y, width, width * 0.68), { fill: INK, line: 0, shade: 0 });
  glint(s, HEAD.x - width * 0.35, y - width * 0.25, width * 0.3);
}

/** The split "w" mouth of cats, tigers and dogs, with fangs when fierce. */
export function muzzleMouth(s: Sketch, y: number, fangs: boolean, width = 20): void {
  inkLine(s, `M${HEAD.x} ${n(y - 10)}V${n(y)}`, DETAIL);
  inkLine(
    s,
    `M${n(HEAD.x - width)} ${n(y - 2)}Q${n(HEAD.x - width / 2)} ${n(y + 9)} ${HEAD.x} ${n(y)}`,
    DETAIL,
  );
  inkLine(
    s,
    `M${n(HEAD.x + width)} ${n(y - 2)}Q${n(HEAD.x + width / 2)} ${n(y + 9)} ${HEAD.x} ${n(y)}`,
    DETAIL,
  );
  if (!fangs) return;
  for (const side of [-1, 1]) {
    const x = HEAD.x + side * width * 0.55;
    shape(
      s,
      polyD([
        [x - 5, y + 3],
        [x + 5, y + 3],
        [x, y + 17],
      ]),
      { fill: '#fff', line: 3, shade: 0 },
    );
  }
}

/** A wide grin with teeth (apes), or a closed smile. */
export function grin(s: Sketch, y: number, width: number, teeth: boolean): void {
  if (!teeth) {
    inkLine(
      s,
      `M${n(HEAD.x - width)} ${n(y)}Q${HEAD.x} ${n(y + width * 0.45)} ${n(HEAD.x + width)} ${n(y)}`,
      6,
    );
    return;
  }
  shape(
    s,
    `M${n(HEAD.x - width)} ${n(y)}Q${HEAD.x} ${n(y - 6)} ${n(HEAD.x + width)} ${n(y)}Q${HEAD.x} ${n(y + width * 0.8)} ${n(HEAD.x - width)} ${n(y)}Z`,
    { fill: '#fff', line: DETAIL, shade: 0.15 },
  );
  inkLine(
    s,
    `M${n(HEAD.x - width * 0.9)} ${n(y + 4)}Q${HEAD.x} ${n(y + 12)} ${n(HEAD.x + width * 0.9)} ${n(y + 4)}`,
    3,
  );
}

/** Three whiskers each side, starting at the muzzle. */
export function whiskers(s: Sketch, y: number, color = INK): void {
  const lines: string[] = [];
  for (const side of [-1, 1]) {
    for (const [dy, reach] of [
      [-8, -14],
      [2, 0],
      [12, 14],
    ] as const) {
      const x0 = HEAD.x + side * 44;
      const x1 = HEAD.x + side * 118;
      lines.push(
        `M${n(x0)} ${n(y + dy)}Q${n((x0 + x1) / 2)} ${n(y + dy + reach / 3)} ${n(x1)} ${n(y + dy + reach)}`,
      );
    }
  }
  inkLine(s, lines.join(''), 3.5, color);
}
