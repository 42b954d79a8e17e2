/*
 * Copies the few Fluent Emoji pictures the web app uses (nav, intro, empty states, Home, Boost) from the
 * installed @iconify-json/fluent-emoji package into src/assets/emoji/*.svg, so Vite fingerprints
 * them and the bundle carries only what it shows. Run: npx tsx apps/web/scripts/extract-emoji.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';

const require = createRequire(import.meta.url);
const set = require('@iconify-json/fluent-emoji/icons.json') as IconifyJSON;

const NAMES = [
  'backpack',
  'castle',
  'crossed-swords',
  'crown',
  'gem-stone',
  'glowing-star',
  'handshake',
  'high-voltage',
  'party-popper',
  'people-hugging',
  'prohibited',
  'rocket',
  'satellite-antenna',
  'scroll',
  'shopping-bags',
  'sparkles',
  'trophy',
  'warning',
  'wrapped-gift',
  'money-bag',
  'fire',
  'shield',
  'dragon',
  'battery',
  'oncoming-fist',
  'hourglass-not-done',
  'speaker-high-volume',
  'muted-speaker',
  'video-game',
  'sunrise-over-mountains',
  'collision',
] as const;

const outDir = path.resolve(import.meta.dirname, '../src/assets/emoji');
mkdirSync(outDir, { recursive: true });
for (const name of NAMES) {
  const data = getIconData(set, name);
  if (!data) throw new Error(`fluent-emoji has no icon named ${name}`);
  const svg = iconToSVG(data, { height: 'auto' });
  // Shown through <img>, so each file keeps its own gradient ids without clashing.
  const html = iconToHTML(svg.body, svg.attributes);
  writeFileSync(path.join(outDir, `${name}.svg`), `${html}\n`);
}
console.log(`wrote ${NAMES.length} pictures to ${outDir}`);
