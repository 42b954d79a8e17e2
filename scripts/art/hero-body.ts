/*
 * Every hero's body: the same chibi build (short legs, a round torso, hanging arms with paws),
 * dressed by rarity so a grander hero looks grander: cloth at common and uncommon, metal
 * shoulder guards from rare, a cape from epic, gold armour at legendary.
 */
import type { Rarity } from '@titans/shared/characters/schemas';
import { RARITY_RANK } from './art-kit.ts';
import {
  DETAIL,
  ellipseD,
  flat,
  glint,
  INK,
  inkLine,
  polyD,
  type Sketch,
  shape,
  tone,
  tube,
} from './hero-kit.ts';

export type Outfit = {
  /** Paws and legs. */
  fur: string;
  /** Tunic, robe or gi colour, and its trim (belt, collar, emblem). */
  cloth: string;
  trim: string;
  cape?: string;
  /** A long robe to the feet instead of a tunic over legs. */
  robe?: boolean;
  /** Boxing gloves or gauntlets over both paws. */
  gloves?: string;
  /** A scarf or bandana round the neck. */
  scarf?: string;
  /** The belt's colour (leather brown by default). */
  belt?: string;
};

/** Shoulders and hands, where props are held (left and right as the viewer sees them). */
export const LEFT_HAND = [150, 366] as const;
export const RIGHT_HAND = [362, 366] as const;

const METAL: Record<Rarity, { base: string; trim: string }> = {
  common: { base: '#9aa6b8', trim: '#c9d2df' },
  uncommon: { base: '#9aa6b8', trim: '#c9d2df' },
  rare: { base: '#aab7cc', trim: '#e2e9f4' },
  epic: { base: '#8e96b4', trim: '#d9c7ff' },
  legendary: { base: '#f2b51c', trim: '#fff0a8' },
};

export const metalOf = (rarity: Rarity) => METAL[rarity];

/** The cape, drawn first so the whole figure stands in front of it (epic and legendary). */
export function cape(s: Sketch, o: Outfit, rarity: Rarity): void {
  if (RARITY_RANK[rarity] < 4 || !o.cape) return;
  shape(s, 'M196 276Q140 360 128 446Q190 430 256 448Q322 430 384 446Q372 360 316 276Z', {
    fill: o.cape,
    shade: 0.3,
  });
  flat(
    s,
    'M142 436Q196 420 256 438Q316 420 370 436L380 446Q322 430 256 448Q190 430 132 446Z',
    tone(o.cape, -0.3),
  );
}

export function legs(s: Sketch, o: Outfit): void {
  if (o.robe) return;
  for (const side of [-1, 1]) {
    const x = 256 + side * 30;
    tube(s, `M${x} 380L${x + side * 2} 432`, tone(o.cloth, -0.25), 38);
    shape(s, ellipseD(x + side * 6, 446, 32, 17), { fill: '#5a3a2a', shade: 0.25 });
  }
}

const TORSO = 'M190 274Q256 258 322 274Q344 330 336 372Q332 398 256 400Q180 398 176 372Q168 330 190 274Z';
const ROBE = 'M190 274Q256 258 322 274Q356 360 368 440Q300 458 256 456Q212 458 144 440Q156 360 190 274Z';

export function torso(s: Sketch, o: Outfit, rarity: Rarity): void {
  const rank = RARITY_RANK[rarity];
  shape(s, o.robe ? ROBE : TORSO, { fill: o.cloth, shade: 0.26 });
  // Collar and centre seam.
  shape(s, 'M220 268Q256 306 292 268L280 264Q256 286 232 264Z', { fill: o.trim, line: DETAIL, shade: 0 });
  if (rank === 5) {
    // Legendary: a gold breastplate.
    const metal = METAL.legendary;
    shape(s, 'M198 286Q256 270 314 286Q322 330 308 356Q256 372 204 356Q190 330 198 286Z', {
      fill: metal.base,
      shade: 0.28,
      shine: 0.35,
    });
    shape(s, 'M256 296L274 318L256 340L238 318Z', { fill: '#e8344e', line: DETAIL, shade: 0 });
    glint(s, 250, 312, 7);
  } else if (rank >= 3) {
    shape(s, ellipseD(256, 318, 20), { fill: o.trim, line: DETAIL, shade: 0.2 });
  }
  if (!o.robe || rank < 5) {
    // The belt with its buckle.
    shape(
      s,
      o.robe
        ? 'M178 362Q256 378 334 362L336 382Q256 398 176 382Z'
        : 'M176 360Q256 376 336 360L336 382Q256 398 176 382Z',
      { fill: o.belt ?? '#4a2f22', line: DETAIL, shade: 0 },
    );
    shape(s, 'M242 368H270V390H242Z', { fill: metalOf(rarity).base, line: 4, shade: 0, shine: 0.3 });
  }
  if (o.scarf) {
    shape(s, 'M206 272Q256 300 306 272L312 290Q256 318 200 290Z', {
      fill: o.scarf,
      line: DETAIL,
      shade: 0.2,
    });
    shape(s, 'M290 290L326 330L306 340L280 300Z', { fill: o.scarf, line: DETAIL, shade: 0.2 });
  }
}

/** Arms hanging to the hands, sleeves in the cloth colour, paws or gloves at the end. */
export function arms(s: Sketch, o: Outfit, rarity: Rarity): void {
  for (const side of [-1, 1]) {
    const hand = side < 0 ? LEFT_HAND : RIGHT_HAND;
    tube(s, `M${256 + side * 62} 290Q${256 + side * 100} 314 ${hand[0]} ${hand[1]}`, o.fur, 30);
    tube(s, `M${256 + side * 62} 290Q${256 + side * 86} 300 ${256 + side * 92} 318`, o.cloth, 34);
    if (o.gloves) {
      shape(s, ellipseD(hand[0], hand[1] + 4, 34, 30), { fill: o.gloves, shade: 0.3, shine: 0.4 });
      shape(s, `M${hand[0] - 22} ${hand[1] - 26}h44v14h-44Z`, { fill: '#f6f1e6', line: DETAIL, shade: 0 });
    } else {
      shape(s, ellipseD(hand[0], hand[1], 22), { fill: o.fur, shade: 0.2 });
    }
  }
  const rank = RARITY_RANK[rarity];
  if (rank < 3) return;
  const metal = METAL[rarity];
  for (const side of [-1, 1]) {
    const x = 256 + side * 72;
    shape(s, `M${x - 34} 300Q${x - 36} 262 ${x} 260Q${x + 36} 262 ${x + 34} 300Q${x} 288 ${x - 34} 300Z`, {
      fill: metal.base,
      shade: 0.25,
      shine: 0.35,
    });
    if (rank >= 4) inkLine(s, `M${x - 24} 290Q${x} 276 ${x + 24} 290`, 4, metal.trim);
  }
}

/** Headgear, drawn over the head. */
export type Hat = 'crown' | 'helmet' | 'headband' | 'hood' | 'circlet' | 'tiara';

export function hat(s: Sketch, kind: Hat, color: string): void {
  switch (kind) {
    case 'crown':
      shape(
        s,
        polyD([
          [196, 96],
          [204, 42],
          [228, 74],
          [256, 30],
          [284, 74],
          [308, 42],
          [316, 96],
        ]),
        { fill: '#f5b91c', shade: 0.25, shine: 0.35 },
      );
      shape(s, 'M194 90Q256 80 318 90L318 106Q256 96 194 106Z', { fill: '#e59a00', line: DETAIL, shade: 0 });
      shape(s, ellipseD(256, 70, 9), { fill: color, line: 4, shade: 0 });
      glint(s, 253, 67, 5);
      return;
    case 'tiara':
      shape(
        s,
        polyD([
          [206, 96],
          [230, 74],
          [256, 46],
          [282, 74],
          [306, 96],
          [256, 88],
        ]),
        { fill: '#f5b91c', shade: 0.25, shine: 0.35 },
      );
      shape(s, ellipseD(256, 74, 10), { fill: color, line: 4, shade: 0 });
      return;
    case 'helmet':
      shape(s, 'M152 150Q150 64 256 62Q362 64 360 150Q256 128 152 150Z', {
        fill: color,
        shade: 0.3,
        shine: 0.3,
      });
      shape(s, 'M146 146Q256 122 366 146L370 164Q256 140 142 164Z', {
        fill: tone(color, -0.25),
        line: DETAIL,
        shade: 0,
      });
      shape(s, ellipseD(256, 104, 16, 12), { fill: '#f2c230', line: 4, shade: 0 });
      return;
    case 'headband':
      shape(s, 'M160 120Q256 92 352 120L350 142Q256 116 162 142Z', { fill: color, line: DETAIL, shade: 0.2 });
      shape(s, 'M346 126L396 112L386 140L400 160L344 140Z', { fill: color, line: DETAIL, shade: 0.2 });
      return;
    case 'circlet':
      inkLine(s, 'M166 120Q256 92 346 120', 16);
      inkLine(s, 'M166 120Q256 92 346 120', 8, '#f5c242');
      shape(s, 'M256 90L268 106L256 122L244 106Z', { fill: color, line: 4, shade: 0 });
      return;
    case 'hood':
      shape(s, 'M138 200Q128 60 256 52Q384 60 374 200Q360 120 256 112Q152 120 138 200Z', {
        fill: color,
        shade: 0.3,
      });
      return;
  }
}

export { INK };
