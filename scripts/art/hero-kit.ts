/*
 * The Titans hero kit: the drawing conventions every hero shares, so the whole cast reads as one
 * illustrated style. Chibi proportions (a big head on a short body), a dark ink outline of one
 * weight on every shape, flat colour with one cel shadow cut by the light from the top left, and a
 * light rim around the whole silhouette so a dark hero reads on a dark stage and a pale one on a
 * pale stage. Shapes are SVG path data in the 512×512 card; the hero stands on y = GROUND.
 */
import { n } from './art-kit.ts';

export const INK = '#1d1230';
/** The ink line of every outlined shape, and the thinner line for details inside them. */
export const LINE = 8;
export const DETAIL = 5;
export const GROUND = 462;
/** The centre of the head and its radius: the head is the biggest, most readable shape. */
export const HEAD = { x: 256, y: 178, r: 100 } as const;

/** A drawing in progress: its markup and the definitions (clip paths, gradients) it needs. */
export type Sketch = { defs: string[]; out: string[]; nextId: () => string };

export function sketch(): Sketch {
  let count = 0;
  return { defs: [], out: [], nextId: () => `h${(count++).toString(36)}` };
}

/** An ellipse as path data, so it can be shaded and clipped like any other shape. */
export function ellipseD(cx: number, cy: number, rx: number, ry = rx): string {
  return `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(rx * 2)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-rx * 2)} 0Z`;
}

/** A closed polygon (sharp corners: spikes, ears, blades) as path data. */
export function polyD(points: ReadonlyArray<readonly [number, number]>): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/** Mirrors a point list across the figure's vertical axis (x = 256). */
export const mirror = (points: ReadonlyArray<readonly [number, number]>) =>
  points.map(([x, y]) => [512 - x, y] as const);

export type ShapeStyle = {
  fill: string;
  /** The ink line width (0 for none); LINE by default. */
  line?: number;
  /** Cel shadow strength (0 for a flat shape); the shadow sits away from the top-left light. */
  shade?: number;
  /** Highlight strength: a soft light crescent on the lit side. */
  shine?: number;
  opacity?: number;
};

/**
 * One filled, outlined shape with its cel shadow: the shape's own outline shifted towards the
 * light cuts the shadow, so every shape, whatever its form, is lit the same way.
 */
export function shape(s: Sketch, d: string, style: ShapeStyle): void {
  const line = style.line ?? LINE;
  const opacity = style.opacity === undefined ? '' : ` opacity="${style.opacity}"`;
  const stroke = line > 0 ? ` stroke="${INK}" stroke-width="${line}" stroke-linejoin="round"` : '';
  s.out.push(`<path d="${d}" fill="${style.fill}"${stroke}${opacity}/>`);
  const shade = style.shade ?? 0.22;
  const shine = style.shine ?? 0;
  if (shade <= 0 && shine <= 0) return;
  const id = s.nextId();
  s.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  const parts: string[] = [];
  if (shade > 0) {
    parts.push(
      `<path fill-rule="evenodd" fill="${INK}" fill-opacity="${n(shade)}" transform="translate(-14 -12)" d="M-600-600H1100V1100H-600Z${d}"/>`,
    );
  }
  if (shine > 0) {
    parts.push(
      `<path fill-rule="evenodd" fill="#fff" fill-opacity="${n(shine)}" transform="translate(7 7)" d="M-600-600H1100V1100H-600Z${d}"/>`,
    );
  }
  s.out.push(`<g clip-path="url(#${id})">${parts.join('')}</g>`);
}

/** An outlined stroke (a limb, a staff, a snake): a wide ink line under a narrower colour line. */
export function tube(s: Sketch, d: string, color: string, width: number, line = LINE): void {
  s.out.push(
    `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${n(width + line * 2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

/** A plain ink line (brows, whiskers, stripes drawn as strokes). */
export function inkLine(s: Sketch, d: string, width = DETAIL, color = INK): void {
  s.out.push(
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

/** A flat, unoutlined fill (markings, face patches, highlights). */
export function flat(s: Sketch, d: string, fill: string, opacity?: number): void {
  const alpha = opacity === undefined ? '' : ` opacity="${n(opacity)}"`;
  s.out.push(`<path d="${d}" fill="${fill}"${alpha}/>`);
}

/** A four-pointed glint (eyes, gems, blades). */
export function glint(s: Sketch, x: number, y: number, r: number, fill = '#fff'): void {
  const w = r * 0.25;
  s.out.push(
    `<path d="M${n(x)} ${n(y - r)}Q${n(x + w)} ${n(y - w)} ${n(x + r)} ${n(y)}Q${n(x + w)} ${n(y + w)} ${n(x)} ${n(y + r)}Q${n(x - w)} ${n(y + w)} ${n(x - r)} ${n(y)}Q${n(x - w)} ${n(y - w)} ${n(x)} ${n(y - r)}Z" fill="${fill}"/>`,
  );
}

/**
 * The rim every hero is drawn with: the silhouette grown by a few pixels in a light colour behind
 * the ink line, then a soft contact shadow. One filter per document, applied to the whole figure.
 */
export function rimFilter(id: string, rim: string): string {
  return (
    `<filter id="${id}" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">` +
    `<feMorphology in="SourceAlpha" operator="dilate" radius="5" result="grown"/>` +
    `<feFlood flood-color="${rim}"/><feComposite in2="grown" operator="in" result="rim"/>` +
    `<feMerge><feMergeNode in="rim"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

/** Darkens (amount < 0) or lightens (amount > 0) a #rrggbb colour towards black or white. */
export function tone(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount < 0 ? 0 : 255;
  const mixed = channels.map((channel) => Math.round(channel + (target - channel) * Math.abs(amount)));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}
