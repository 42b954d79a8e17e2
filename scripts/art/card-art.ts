/*
 * The square card illustration used for characters, items, rewards, packages and tasks:
 * a rarity-coloured radial background with rays, a lattice and particles, a halo,
 * the emoji figure with its accessories (each with a drop shadow and a coloured rim light),
 * and a metal frame in the rarity colour with one to five rarity pips.
 */
import { emoji, n, type Palette, place, random, resetIds, sparkle, svgDocument } from './art-kit.ts';

/** A colour change for one emoji: saturation (0 = grey), hue rotation in degrees, brightness. */
export type Tint = { saturate?: number; hue?: number; brightness?: number };

export type Layer = {
  icon: string;
  x: number;
  y: number;
  size: number;
  rotate?: number;
  flip?: boolean;
  tint?: Tint;
  opacity?: number;
};

export type CardArt = {
  palette: Palette;
  /** How many rarity pips to show (1-5); 0 hides the plaque. */
  pips: number;
  /** Seed for the particles. */
  seed: string;
  /** Drawn first, behind the main figure (crossed swords, a moon...). */
  back?: Layer[];
  /** The figure and its accessories, in drawing order. */
  layers: Layer[];
  /** A figure drawn by the hero kit (hero-art.ts) instead of the layers. */
  hero?: { defs: string; body: string };
  /** Extra sparkle for the higher rarities. */
  shine?: boolean;
};

const SIZE = 512;

function tintFilter(id: string, tint: Tint): string {
  const steps: string[] = [];
  if (tint.saturate !== undefined) steps.push(`<feColorMatrix type="saturate" values="${tint.saturate}"/>`);
  if (tint.hue !== undefined) steps.push(`<feColorMatrix type="hueRotate" values="${tint.hue}"/>`);
  if (tint.brightness !== undefined) {
    const slope = n(tint.brightness);
    steps.push(
      `<feComponentTransfer><feFuncR type="linear" slope="${slope}"/><feFuncG type="linear" slope="${slope}"/><feFuncB type="linear" slope="${slope}"/></feComponentTransfer>`,
    );
  }
  return `<filter id="${id}" color-interpolation-filters="sRGB">${steps.join('')}</filter>`;
}

/** Colour filters for tinted layers, made once per distinct tint, in the order they are first used. */
function tintRegistry(p: string, defs: string[]) {
  const tints = new Map<string, string>();
  return (tint: Tint | undefined) => {
    if (!tint) return undefined;
    const key = JSON.stringify(tint);
    let id = tints.get(key);
    if (!id) {
      id = `${p}-tint${tints.size}`;
      tints.set(key, id);
      defs.push(tintFilter(id, tint));
    }
    return id;
  };
}

/** The drop shadow and coloured rim light every figure layer is drawn with. */
function figureFilter(p: string, palette: Palette): string {
  return (
    `<filter id="${p}-figure" x="-35%" y="-35%" width="170%" height="170%" color-interpolation-filters="sRGB">` +
    `<feMorphology in="SourceAlpha" operator="dilate" radius="3" result="grown"/>` +
    `<feGaussianBlur in="grown" stdDeviation="5" result="soft"/>` +
    `<feFlood flood-color="${palette.light}" flood-opacity=".85"/><feComposite in2="soft" operator="in" result="rim"/>` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="9" result="blur"/><feOffset in="blur" dy="12" result="dropped"/>` +
    `<feFlood flood-color="#000" flood-opacity=".6"/><feComposite in2="dropped" operator="in" result="shadow"/>` +
    `<feMerge><feMergeNode in="shadow"/><feMergeNode in="rim"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

/** The figure and its accessories (the back layers first), each in the figure filter. */
function figureLayers(
  p: string,
  art: CardArt,
  tintId: (tint: Tint | undefined) => string | undefined,
): string[] {
  const drawLayer = (layer: Layer) => {
    const tint = tintId(layer.tint);
    return `<g filter="url(#${p}-figure)">${place(emoji(layer.icon), {
      x: layer.x,
      y: layer.y,
      size: layer.size,
      ...(layer.rotate === undefined ? {} : { rotate: layer.rotate }),
      ...(layer.flip ? { flip: true } : {}),
      ...(layer.opacity === undefined ? {} : { opacity: layer.opacity }),
      ...(tint ? { filter: tint } : {}),
    })}</g>`;
  };
  return [...(art.back ?? []), ...art.layers].map(drawLayer);
}

/**
 * The card's figure alone, as it stands on the card: no background, rays, sparkles or frame.
 * Home stands it on the hero platform (apps/web/src/features/home/hero-figure.ts).
 */
export function figureSvg(art: CardArt): string {
  resetIds();
  if (art.hero) return svgDocument(SIZE, SIZE, `<defs>${art.hero.defs}</defs>${art.hero.body}`);
  const p = 'c';
  const defs = [figureFilter(p, art.palette)];
  const layers = figureLayers(p, art, tintRegistry(p, defs));
  return svgDocument(SIZE, SIZE, `<defs>${defs.join('')}</defs>${layers.join('')}`);
}

export function cardSvg(art: CardArt): string {
  resetIds();
  const { palette } = art;
  const p = 'c';
  const rng = random(art.seed);
  const defs: string[] = [];
  const tintId = tintRegistry(p, defs);

  defs.push(
    `<clipPath id="${p}-clip"><rect width="${SIZE}" height="${SIZE}" rx="72"/></clipPath>`,
    `<radialGradient id="${p}-bg" cx="50%" cy="40%" r="72%"><stop offset="0" stop-color="${palette.base}"/><stop offset=".42" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.dark}"/></radialGradient>`,
    `<radialGradient id="${p}-rays" gradientUnits="userSpaceOnUse" cx="256" cy="236" r="330"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".55" stop-color="#fff" stop-opacity=".08"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${p}-halo" gradientUnits="userSpaceOnUse" cx="256" cy="244" r="210"><stop offset="0" stop-color="${palette.glow}" stop-opacity=".95"/><stop offset=".45" stop-color="${palette.glow}" stop-opacity=".45"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${p}-ground" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="${palette.dark}" stop-opacity="0"/><stop offset="1" stop-color="${palette.dark}" stop-opacity=".85"/></linearGradient>`,
    `<linearGradient id="${p}-metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.metal[0]}"/><stop offset=".22" stop-color="${palette.metal[1]}"/><stop offset=".5" stop-color="${palette.metal[2]}"/><stop offset=".78" stop-color="${palette.metal[1]}"/><stop offset="1" stop-color="${palette.metal[0]}"/></linearGradient>`,
    `<linearGradient id="${p}-pip" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset=".45" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.base}"/></linearGradient>`,
    `<pattern id="${p}-lattice" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H36M0 0V36" stroke="#fff" stroke-opacity=".07" stroke-width="1.5" fill="none"/></pattern>`,
    `<filter id="${p}-blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>`,
    `<filter id="${p}-blur3" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>`,
    art.hero ? art.hero.defs : figureFilter(p, palette),
  );

  const body: string[] = [];
  body.push(`<rect width="${SIZE}" height="${SIZE}" fill="url(#${p}-bg)"/>`);

  // Sunburst rays from behind the figure.
  const rays: string[] = [];
  const rayCount = 18;
  for (let index = 0; index < rayCount; index++) {
    const a0 = ((index * 360) / rayCount) * (Math.PI / 180);
    const a1 = a0 + (Math.PI / rayCount) * 0.9;
    const r = 520;
    rays.push(
      `M256 236L${n(256 + r * Math.cos(a0))} ${n(236 + r * Math.sin(a0))}L${n(256 + r * Math.cos(a1))} ${n(236 + r * Math.sin(a1))}Z`,
    );
  }
  body.push(`<path d="${rays.join('')}" fill="url(#${p}-rays)"/>`);
  body.push(`<rect width="${SIZE}" height="${SIZE}" fill="url(#${p}-lattice)"/>`);

  // Soft bokeh, then crisp specks.
  const bokeh: string[] = [];
  for (let index = 0; index < 12; index++) {
    bokeh.push(
      `<circle cx="${n(rng.range(30, 482))}" cy="${n(rng.range(30, 400))}" r="${n(rng.range(8, 26))}" fill="${palette.light}" opacity="${n(rng.range(0.08, 0.2))}"/>`,
    );
  }
  body.push(`<g filter="url(#${p}-blur3)">${bokeh.join('')}</g>`);
  body.push(`<circle cx="256" cy="244" r="210" fill="url(#${p}-halo)"/>`);
  const specks: string[] = [];
  for (let index = 0; index < 26; index++) {
    const angle = rng.range(0, Math.PI * 2);
    const distance = rng.range(150, 250);
    specks.push(
      `<circle cx="${n(256 + Math.cos(angle) * distance)}" cy="${n(240 + Math.sin(angle) * distance * 0.9)}" r="${n(rng.range(1.5, 4))}" fill="${palette.light}" opacity="${n(rng.range(0.35, 0.95))}"/>`,
    );
  }
  body.push(specks.join(''));
  body.push(`<rect width="${SIZE}" height="${SIZE}" fill="url(#${p}-ground)"/>`);
  body.push(
    `<ellipse cx="256" cy="440" rx="150" ry="24" fill="#000" opacity=".45" filter="url(#${p}-blur8)"/>`,
  );

  body.push(...(art.hero ? [art.hero.body] : figureLayers(p, art, tintId)));

  if (art.shine) {
    const shine: string[] = [];
    for (let index = 0; index < 6; index++) {
      const angle = rng.range(0, Math.PI * 2);
      const distance = rng.range(120, 200);
      shine.push(
        sparkle(
          256 + Math.cos(angle) * distance,
          236 + Math.sin(angle) * distance,
          rng.range(9, 18),
          '#fff',
          rng.range(0.7, 1),
        ),
      );
    }
    body.push(shine.join(''));
  }

  // The frame: dark outer edge, metal band, inner bevel line.
  const frame = [
    `<rect x="2.5" y="2.5" width="507" height="507" rx="70" fill="none" stroke="#000" stroke-opacity=".55" stroke-width="5"/>`,
    `<rect x="12" y="12" width="488" height="488" rx="62" fill="none" stroke="url(#${p}-metal)" stroke-width="16"/>`,
    `<rect x="5" y="5" width="502" height="502" rx="68" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>`,
    `<rect x="21.5" y="21.5" width="469" height="469" rx="53" fill="none" stroke="#000" stroke-opacity=".4" stroke-width="3"/>`,
  ];
  if (art.pips > 0) {
    const width = art.pips * 26 + 26;
    const left = 256 - width / 2;
    frame.push(
      `<rect x="${n(left)}" y="478" width="${n(width)}" height="30" rx="15" fill="${palette.dark}" stroke="url(#${p}-metal)" stroke-width="4"/>`,
    );
    for (let index = 0; index < art.pips; index++) {
      const cx = left + 26 + index * 26;
      frame.push(
        `<path d="M${n(cx)} 482L${n(cx + 9)} 493L${n(cx)} 504L${n(cx - 9)} 493Z" fill="url(#${p}-pip)" stroke="#000" stroke-opacity=".45" stroke-width="1.5"/>`,
      );
    }
  }

  return svgDocument(
    SIZE,
    SIZE,
    `<defs>${defs.join('')}</defs><g clip-path="url(#${p}-clip)">${body.join('')}</g>${frame.join('')}`,
  );
}
