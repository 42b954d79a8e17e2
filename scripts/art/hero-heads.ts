/*
 * The six races' heads, built from shapes in the kit's style: ears, muzzles, manes, patches,
 * stripes and spots, and snakes for the gorgons (Medusa). Each race draws its back parts
 * (ears, snakes), the head, the face, then its front parts, around HEAD in hero-kit.ts.
 */
import { n } from './art-kit.ts';
import { catNose, eyes, grin, type Mood, muzzleMouth, roundNose, whiskers } from './hero-face.ts';
import { gorgon } from './hero-gorgon.ts';
import {
  DETAIL,
  ellipseD,
  flat,
  HEAD,
  INK,
  inkLine,
  mirror,
  polyD,
  type Sketch,
  shape,
  tone,
} from './hero-kit.ts';

export type HeadSpec = {
  race: 'APE' | 'CAT' | 'DOG' | 'MEDUSA' | 'PANDA' | 'TIGER';
  /** The race's build: monkey/gorilla/orangutan, plain/tabby/spotted cat, floppy/pointed/bulldog... */
  kind?: string;
  fur: string;
  /** Muzzle, face and chest colour. */
  light: string;
  /** Markings: stripes, spots, patches, the inside of ears. */
  mark: string;
  eye: string;
  mood: Mood;
  /** A beard under the muzzle, in this colour. */
  beard?: string;
  /** Whisker colour (dark cats need light ones). */
  whisker?: string;
};

const { x: X, y: Y, r: R } = HEAD;

export function drawHead(s: Sketch, h: HeadSpec): void {
  ({ APE: ape, CAT: cat, DOG: dog, MEDUSA: gorgon, PANDA: panda, TIGER: tiger })[h.race](s, h);
}

function ape(s: Sketch, h: HeadSpec): void {
  const orangutan = h.kind === 'orangutan';
  const gorilla = h.kind === 'gorilla';
  for (const side of [-1, 1]) {
    if (orangutan) shape(s, ellipseD(X + side * 92, Y + 20, 46, 62), { fill: tone(h.fur, -0.15) });
    shape(s, ellipseD(X + side * (orangutan ? 122 : 98), Y + 8, 30), { fill: h.fur });
    flat(s, ellipseD(X + side * (orangutan ? 124 : 100), Y + 10, 16), h.light);
  }
  shape(
    s,
    gorilla
      ? `M${X - 96} ${Y + 30}Q${X - 104} ${Y - 118} ${X} ${Y - 112}Q${X + 104} ${Y - 118} ${X + 96} ${Y + 30}Q${X + 90} ${Y + 104} ${X} ${Y + 102}Q${X - 90} ${Y + 104} ${X - 96} ${Y + 30}Z`
      : ellipseD(X, Y, R, R * 0.96),
    { fill: h.fur },
  );
  if (!gorilla) {
    // The pale face: two eye discs and a muzzle, one shape without inner lines.
    flat(s, ellipseD(X - 36, Y - 2, 46, 44), h.light);
    flat(s, ellipseD(X + 36, Y - 2, 46, 44), h.light);
    shape(s, ellipseD(X, Y + 50, 60, 40), { fill: h.light, line: DETAIL, shade: 0.12 });
  } else {
    shape(s, ellipseD(X, Y + 46, 64, 44), { fill: h.light, line: DETAIL, shade: 0.15 });
  }
  eyes(s, {
    y: Y - 4,
    dx: 38,
    r: 21,
    iris: h.eye,
    pupil: 'round',
    mood: h.mood,
    lid: gorilla ? h.fur : h.light,
  });
  if (gorilla) {
    // The brow ridge a gorilla is known by.
    shape(s, `M${X - 78} ${Y - 36}Q${X} ${Y - 64} ${X + 78} ${Y - 36}Q${X} ${Y - 40} ${X - 78} ${Y - 36}Z`, {
      fill: tone(h.fur, -0.25),
      line: DETAIL,
    });
  }
  for (const side of [-1, 1]) flat(s, ellipseD(X + side * 12, Y + 36, 6, 8), INK);
  if (h.beard) beard(s, h.beard, Y + 62, orangutan ? 1.25 : 1);
  grin(s, Y + 62, 32, h.mood !== 'calm');
  // A tuft of hair on the crown.
  shape(
    s,
    polyD([
      [X - 30, Y - 90],
      [X - 14, Y - 128],
      [X, Y - 96],
      [X + 18, Y - 130],
      [X + 30, Y - 90],
    ]),
    { fill: h.fur, line: DETAIL },
  );
}

function beard(s: Sketch, color: string, top: number, scale: number): void {
  const w = 70 * scale;
  const d = `M${n(X - w)} ${n(top - 14)}Q${n(X - w * 0.9)} ${n(top + 70 * scale)} ${X} ${n(top + 96 * scale)}Q${n(X + w * 0.9)} ${n(top + 70 * scale)} ${n(X + w)} ${n(top - 14)}Q${X} ${n(top + 22)} ${n(X - w)} ${n(top - 14)}Z`;
  shape(s, d, { fill: color, shade: 0.18 });
  inkLine(
    s,
    `M${X} ${n(top + 40)}V${n(top + 80 * scale)}M${n(X - 26)} ${n(top + 30)}L${n(X - 20)} ${n(top + 62 * scale)}M${n(X + 26)} ${n(top + 30)}L${n(X + 20)} ${n(top + 62 * scale)}`,
    3,
    tone(color, -0.4),
  );
}

/** Cat-family head shape: wide cheeks with a tuft at each side. */
const CAT_HEAD = `M${X - 104} ${Y - 30}Q${X - 96} ${Y - 96} ${X} ${Y - 98}Q${X + 96} ${Y - 96} ${X + 104} ${Y - 30}L${X + 124} ${Y + 28}L${X + 106} ${Y + 40}L${X + 112} ${Y + 62}Q${X + 70} ${Y + 100} ${X} ${Y + 100}Q${X - 70} ${Y + 100} ${X - 112} ${Y + 62}L${X - 106} ${Y + 40}L${X - 124} ${Y + 28}Z`;

function catEars(s: Sketch, h: HeadSpec, inner: string): void {
  const left = [
    [X - 100, Y - 40],
    [X - 92, Y - 142],
    [X - 24, Y - 90],
  ] as const;
  const leftInner = [
    [X - 86, Y - 58],
    [X - 84, Y - 118],
    [X - 44, Y - 86],
  ] as const;
  for (const points of [left, mirror(left)]) shape(s, polyD(points), { fill: h.fur });
  for (const points of [leftInner, mirror(leftInner)]) flat(s, polyD(points), inner);
}

function cat(s: Sketch, h: HeadSpec): void {
  catEars(s, h, h.kind === 'black' ? '#6b4a7a' : '#f2a3b3');
  shape(s, CAT_HEAD, { fill: h.fur });
  if (h.kind === 'tabby') {
    for (const dx of [-26, 0, 26])
      flat(
        s,
        polyD([
          [X + dx - 9, Y - 96],
          [X + dx + 9, Y - 96],
          [X + dx, Y - 50],
        ]),
        h.mark,
      );
    for (const side of [-1, 1]) {
      for (const dy of [8, 30])
        flat(
          s,
          polyD([
            [X + side * 118, Y + dy - 8],
            [X + side * 118, Y + dy + 6],
            [X + side * 78, Y + dy],
          ]),
          h.mark,
        );
    }
  }
  if (h.kind === 'spotted') spots(s, h.mark);
  flat(s, ellipseD(X - 22, Y + 50, 30, 24), h.light);
  flat(s, ellipseD(X + 22, Y + 50, 30, 24), h.light);
  flat(s, ellipseD(X, Y + 70, 22, 16), h.light);
  eyes(s, { y: Y - 4, dx: 44, r: 25, iris: h.eye, pupil: 'slit', mood: h.mood, lid: h.fur });
  catNose(s, Y + 36);
  muzzleMouth(s, Y + 56, h.mood === 'fierce');
  whiskers(s, Y + 50, h.whisker ?? INK);
}

function spots(s: Sketch, color: string): void {
  const places = [
    [-60, -70],
    [-18, -80],
    [30, -76],
    [70, -60],
    [-92, 0],
    [94, -6],
    [-74, 52],
    [80, 48],
    [0, -58],
  ] as const;
  for (const [dx, dy] of places) {
    inkLine(s, `M${X + dx - 9} ${Y + dy + 4}a10 9 0 1 1 16 6`, 5, color);
  }
}

function tiger(s: Sketch, h: HeadSpec): void {
  for (const side of [-1, 1]) {
    shape(s, ellipseD(X + side * 78, Y - 80, 32), { fill: h.fur });
    flat(s, ellipseD(X + side * 78, Y - 76, 17), h.light);
  }
  shape(s, CAT_HEAD, { fill: h.fur });
  // White cheek ruffs and brows, the tiger's face pattern.
  for (const side of [-1, 1]) {
    flat(
      s,
      polyD([
        [X + side * 20, Y + 18],
        [X + side * 124, Y + 28],
        [X + side * 106, Y + 42],
        [X + side * 112, Y + 62],
        [X + side * 50, Y + 96],
        [X + side * 10, Y + 80],
      ]),
      h.light,
    );
    flat(s, ellipseD(X + side * 52, Y - 40, 26, 12), h.light);
  }
  // Stripes: three on the brow, three on each cheek, tapering into the face.
  flat(
    s,
    polyD([
      [X - 12, Y - 98],
      [X + 12, Y - 98],
      [X, Y - 52],
    ]),
    h.mark,
  );
  for (const side of [-1, 1]) {
    flat(
      s,
      polyD([
        [X + side * 26, Y - 98],
        [X + side * 48, Y - 94],
        [X + side * 22, Y - 62],
      ]),
      h.mark,
    );
    for (const [y0, y1, reach] of [
      [-34, -18, 64],
      [-4, 12, 74],
      [24, 40, 82],
    ] as const) {
      flat(
        s,
        polyD([
          [X + side * 112, Y + y0],
          [X + side * 116, Y + y1],
          [X + side * reach, Y + (y0 + y1) / 2 + 4],
        ]),
        h.mark,
      );
    }
  }
  flat(s, ellipseD(X, Y + 62, 40, 30), h.light);
  eyes(s, { y: Y - 8, dx: 44, r: 24, iris: h.eye, pupil: 'round', mood: h.mood, lid: h.fur });
  catNose(s, Y + 36, '#e0707f');
  muzzleMouth(s, Y + 58, h.mood === 'fierce', 22);
  whiskers(s, Y + 54, h.whisker ?? INK);
}

function dog(s: Sketch, h: HeadSpec): void {
  dogBackEars(s, h);
  const wolf = h.kind === 'wolf';
  const head = wolf
    ? `M${X - 100} ${Y - 20}Q${X - 90} ${Y - 98} ${X} ${Y - 98}Q${X + 90} ${Y - 98} ${X + 100} ${Y - 20}L${X + 126} ${Y + 26}L${X + 104} ${Y + 34}L${X + 116} ${Y + 62}L${X + 84} ${Y + 66}Q${X + 50} ${Y + 104} ${X} ${Y + 102}Q${X - 50} ${Y + 104} ${X - 84} ${Y + 66}L${X - 116} ${Y + 62}L${X - 104} ${Y + 34}L${X - 126} ${Y + 26}Z`
    : ellipseD(X, Y, h.kind === 'bulldog' ? 112 : 100, 96);
  shape(s, head, { fill: h.fur });
  if (h.kind === 'pointed')
    flat(
      s,
      `M${X - 92} ${Y - 36}Q${X} ${Y - 130} ${X + 92} ${Y - 36}Q${X} ${Y - 70} ${X - 92} ${Y - 36}Z`,
      h.mark,
    );
  if (wolf)
    for (const side of [-1, 1])
      flat(
        s,
        polyD([
          [X + side * 30, Y + 10],
          [X + side * 126, Y + 26],
          [X + side * 104, Y + 34],
          [X + side * 116, Y + 62],
          [X + side * 60, Y + 96],
        ]),
        h.light,
      );
  eyes(s, {
    y: Y - 12,
    dx: 42,
    r: 23,
    iris: h.eye,
    pupil: 'round',
    mood: h.mood,
    lid: h.kind === 'pointed' ? h.mark : h.fur,
  });
  const bulldog = h.kind === 'bulldog';
  shape(s, ellipseD(X, Y + 46, bulldog ? 74 : 54, bulldog ? 44 : 42), {
    fill: h.light,
    line: DETAIL,
    shade: 0.14,
  });
  dogMuzzleAndEars(s, h, bulldog);
}

/** Pointed ears (shepherds, wolves) stand behind the head. */
function dogBackEars(s: Sketch, h: HeadSpec): void {
  const pointed = h.kind === 'pointed' || h.kind === 'wolf';
  if (pointed) {
    const ear = [
      [X - 96, Y - 30],
      [X - 88, Y - 150],
      [X - 30, Y - 86],
    ] as const;
    for (const points of [ear, mirror(ear)]) shape(s, polyD(points), { fill: h.mark });
    for (const points of [
      [
        [X - 80, Y - 56],
        [X - 80, Y - 124],
        [X - 48, Y - 86],
      ] as const,
      mirror([
        [X - 80, Y - 56],
        [X - 80, Y - 124],
        [X - 48, Y - 86],
      ]),
    ])
      flat(s, polyD(points), '#e7a2ae');
  }
}

/** The nose and mouth (a bulldog's underbite), then floppy or folded ears over the head. */
function dogMuzzleAndEars(s: Sketch, h: HeadSpec, bulldog: boolean): void {
  roundNose(s, Y + 28, bulldog ? 26 : 22);
  if (bulldog) {
    // An underbite with two tusk-like fangs.
    inkLine(s, `M${X - 40} ${Y + 66}Q${X} ${Y + 52} ${X + 40} ${Y + 66}`, 6);
    for (const side of [-1, 1])
      shape(
        s,
        polyD([
          [X + side * 30, Y + 62],
          [X + side * 40, Y + 62],
          [X + side * 34, Y + 44],
        ]),
        { fill: '#fff', line: 3, shade: 0 },
      );
  } else {
    muzzleMouth(s, Y + 58, h.mood === 'fierce', 22);
  }
  if (h.kind === 'floppy' || bulldog) {
    for (const side of [-1, 1]) {
      const ear = bulldog
        ? polyD([
            [X + side * 70, Y - 84],
            [X + side * 124, Y - 70],
            [X + side * 112, Y - 30],
          ])
        : `M${X + side * 74} ${Y - 76}Q${X + side * 140} ${Y - 70} ${X + side * 128} ${Y + 40}Q${X + side * 110} ${Y + 60} ${X + side * 92} ${Y + 20}Z`;
      shape(s, ear, { fill: h.mark });
    }
  }
}

function panda(s: Sketch, h: HeadSpec): void {
  for (const side of [-1, 1]) shape(s, ellipseD(X + side * 76, Y - 74, 34), { fill: h.mark });
  shape(s, ellipseD(X, Y + 2, 108, 98), { fill: h.fur });
  for (const side of [-1, 1]) {
    flat(
      s,
      `M${X + side * 20} ${Y - 20}Q${X + side * 62} ${Y - 46} ${X + side * 78} ${Y - 6}Q${X + side * 80} ${Y + 34} ${X + side * 44} ${Y + 34}Q${X + side * 16} ${Y + 30} ${X + side * 20} ${Y - 20}Z`,
      h.mark,
    );
  }
  eyes(s, { y: Y - 2, dx: 46, r: 20, iris: h.eye, pupil: 'round', mood: h.mood, lid: h.mark });
  flat(s, ellipseD(X, Y + 52, 36, 26), h.light);
  if (h.beard) beard(s, h.beard, Y + 66, 0.7);
  roundNose(s, Y + 40, 16);
  grin(s, Y + 60, 16, false);
}
