/*
 * Copies the few Fluent Emoji pictures the web app uses (nav, intro, empty states, Home, Boost) from the
 * installed @iconify-json/fluent-emoji package into src/assets/emoji/*.svg, and draws each one as
 * WebP at two sizes into src/assets/emoji/webp/ with Debian's Chromium: the app shows the WebP
 * files (a blurred, gradient-heavy SVG costs far more to draw the first time than a small raster,
 * decisions D-WEB-30); the SVGs stay as their source. Run: npx tsx apps/web/scripts/extract-emoji.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';
import { drawWebp, withBrowser } from '../../../scripts/art/chromium.ts';
import { EMOJI_RASTER_SIZES, EMOJI_NAMES as NAMES } from '../src/components/ui/emoji-list.ts';

const require = createRequire(import.meta.url);
const set = require('@iconify-json/fluent-emoji/icons.json') as IconifyJSON;

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

const webpDir = path.join(outDir, 'webp');
mkdirSync(webpDir, { recursive: true });
await withBrowser(async (browser) => {
  const page = await browser.newPage();
  for (const name of NAMES) {
    const svg = readFileSync(path.join(outDir, `${name}.svg`));
    for (const size of EMOJI_RASTER_SIZES) {
      writeFileSync(path.join(webpDir, `${name}-${size}.webp`), await drawWebp(page, svg, size, 0.9));
    }
  }
});
console.log(`drew ${NAMES.length} × ${EMOJI_RASTER_SIZES.length} WebP pictures to ${webpDir}`);
