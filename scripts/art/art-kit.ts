/*
 * Building blocks shared by the art generators: a seeded random source, the rarity palettes,
 * and icon bodies from the icon sets installed as npm packages (Fluent Emoji, game-icons.net).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils';
import type { Rarity } from '@titans/shared/characters/schemas';
import { BRAND_GLYPHS } from './brand-glyphs.ts';

const require = createRequire(import.meta.url);

/** A deterministic random source, so the generator writes the same files on every run. */
export type Random = {
  next: () => number;
  range: (min: number, max: number) => number;
  pick: <T>(values: readonly T[]) => T;
};

export function random(seed: string): Random {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    pick: (values) => values[Math.floor(next() * values.length)]!,
  };
}

/** Rounds for compact SVG numbers. */
export const n = (value: number) => String(Math.round(value * 100) / 100);

export type Palette = {
  /** Lightest tint: highlights, particles. */
  light: string;
  /** The rarity colour itself. */
  base: string;
  /** Darkest edge of the card background. */
  dark: string;
  /** Centre of the card background. */
  mid: string;
  /** Halo behind the figure. */
  glow: string;
  /** Frame metal: highlight, body, shadow. */
  metal: readonly [string, string, string];
};

export const PALETTES: Record<Rarity, Palette> = {
  common: {
    light: '#dde7f5',
    base: '#8096b6',
    dark: '#161d2b',
    mid: '#4a5d7e',
    glow: '#b4c9ea',
    metal: ['#f1f5fb', '#8d9fba', '#3d4a61'],
  },
  uncommon: {
    light: '#c8fbd9',
    base: '#34c46c',
    dark: '#04200f',
    mid: '#16703f',
    glow: '#6df59b',
    metal: ['#e1ffec', '#37b867', '#0d4a28'],
  },
  rare: {
    light: '#cfe6ff',
    base: '#3b8cf0',
    dark: '#050f33',
    mid: '#1d56b8',
    glow: '#6cb6ff',
    metal: ['#e6f2ff', '#4189ea', '#0f3177'],
  },
  epic: {
    light: '#f0dcff',
    base: '#a855f7',
    dark: '#17052c',
    mid: '#6424a8',
    glow: '#d08bff',
    metal: ['#f8ecff', '#a660f2', '#401270'],
  },
  legendary: {
    light: '#fff4c2',
    base: '#f5b301',
    dark: '#2e1402',
    mid: '#b8600c',
    glow: '#ffd150',
    metal: ['#fff8d6', '#f0b21a', '#7d4205'],
  },
};

export const RARITY_RANK: Record<Rarity, number> = { common: 1, uncommon: 2, rare: 3, epic: 4, legendary: 5 };

export type Glyph = { body: string; width: number; height: number };

const sets = new Map<string, IconifyJSON>();
function iconSet(pkg: string): IconifyJSON {
  let set = sets.get(pkg);
  if (!set) {
    set = JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8')) as IconifyJSON;
    sets.set(pkg, set);
  }
  return set;
}

let idCounter = 0;
/** Gives every id in an icon body a fresh prefix, so one SVG can hold the same icon twice. */
function uniqueIds(body: string): string {
  const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
  if (ids.length === 0) return body;
  const prefix = `g${(idCounter++).toString(36)}`;
  let result = body;
  for (const id of ids) {
    result = result
      .replaceAll(`id="${id}"`, `id="${prefix}${id}"`)
      .replaceAll(`#${id})`, `#${prefix}${id})`)
      .replaceAll(`#${id}"`, `#${prefix}${id}"`);
  }
  return result;
}

/** Resets the id counter, so each output file numbers its ids from the start. */
export function resetIds() {
  idCounter = 0;
}

function glyph(pkg: string, name: string): Glyph {
  const set = iconSet(pkg);
  const data = getIconData(set, name);
  if (!data) throw new Error(`${pkg} has no icon ${name}`);
  return {
    body: uniqueIds(data.body),
    width: data.width ?? set.width ?? 16,
    height: data.height ?? set.height ?? 16,
  };
}

/** A Microsoft Fluent Emoji (MIT), the colour style, or one of this project's BRAND_GLYPHS. */
export function emoji(name: string): Glyph {
  const brand = BRAND_GLYPHS[name];
  if (brand !== undefined) return { body: uniqueIds(brand), width: 32, height: 32 };
  return glyph('@iconify-json/fluent-emoji', name);
}

/** game-icons.net icons (CC BY 3.0) used by the art, with their authors, for CREDITS.md. */
export const GAME_ICON_AUTHORS: Record<string, string> = {
  pagoda: 'Delapouite',
  wyvern: 'Lorc',
  'pine-tree': 'Lorc',
};
export const usedGameIcons = new Set<string>();

/** A game-icons.net icon (monochrome, drawn with currentColor). */
export function gameIcon(name: string): Glyph {
  if (!(name in GAME_ICON_AUTHORS))
    throw new Error(`add the author of game-icons ${name} to GAME_ICON_AUTHORS`);
  usedGameIcons.add(name);
  return glyph('@iconify-json/game-icons', name);
}

export type Placement = {
  /** Centre of the icon. */
  x: number;
  y: number;
  /** Width of the icon in the output. */
  size: number;
  rotate?: number;
  flip?: boolean;
  opacity?: number;
  /** A filter id defined by the caller. */
  filter?: string;
  /** Fill for monochrome icons. */
  color?: string;
};

/** An icon drawn at a place: its centre, width and optional rotation or mirror. */
export function place(icon: Glyph, at: Placement): string {
  const scale = at.size / icon.width;
  const transforms = [`translate(${n(at.x)} ${n(at.y)})`];
  if (at.rotate) transforms.push(`rotate(${n(at.rotate)})`);
  transforms.push(`scale(${at.flip ? -n(scale) : n(scale)} ${n(scale)})`);
  transforms.push(`translate(${n(-icon.width / 2)} ${n(-icon.height / 2)})`);
  const attributes = [
    at.opacity === undefined ? '' : ` opacity="${at.opacity}"`,
    at.filter ? ` filter="url(#${at.filter})"` : '',
    at.color ? ` color="${at.color}" fill="${at.color}"` : '',
  ].join('');
  const inner = `<g transform="${transforms.join(' ')}">${icon.body}</g>`;
  return attributes ? `<g${attributes}>${inner}</g>` : inner;
}

/** A four-pointed sparkle centred on (x, y). */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const w = r * 0.22;
  return `<path d="M${n(x)} ${n(y - r)}Q${n(x + w)} ${n(y - w)} ${n(x + r)} ${n(y)}Q${n(x + w)} ${n(y + w)} ${n(x)} ${n(y + r)}Q${n(x - w)} ${n(y + w)} ${n(x - r)} ${n(y)}Q${n(x - w)} ${n(y - w)} ${n(x)} ${n(y - r)}Z" fill="${fill}" opacity="${n(opacity)}"/>`;
}

/** A five-pointed star path centred on (x, y). */
export function starPath(x: number, y: number, outer: number, inner: number, rotation = -90): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = ((rotation + index * 36) * Math.PI) / 180;
    points.push(`${n(x + radius * Math.cos(angle))} ${n(y + radius * Math.sin(angle))}`);
  }
  return `M${points.join('L')}Z`;
}

export const svgDocument = (width: number, height: number, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${content}</svg>\n`;
