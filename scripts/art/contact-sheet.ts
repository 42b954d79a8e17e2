/*
 * Renders every generated picture onto one page, to look at the art as a whole:
 *
 *   npx tsx scripts/art/contact-sheet.ts [output.png] [folder]
 *
 * (default /tmp/art-contact-sheet.png, every folder; `art/characters` shows only the heroes)
 *
 * Cards are shown at 128 px and again at 96 px (the size of a marketplace card on a phone),
 * backgrounds at a quarter of their size.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { withBrowser } from './chromium.ts';

const root = resolve(import.meta.dirname, '../..');
const publicDir = join(root, 'apps/web/public');
const output = process.argv[2] ?? '/tmp/art-contact-sheet.png';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    })
    .filter((path) => /\.(svg|png|jpg|webp)$/.test(path));
}

const only = process.argv[3];
const all = files(only ? join(publicDir, only) : publicDir);
const groups = new Map<string, string[]>();
for (const path of all) {
  const group = relative(publicDir, path).split('/').slice(0, -1).join('/') || '(root)';
  groups.set(group, [...(groups.get(group) ?? []), path]);
}

const cell = (path: string, size: number, wide = false) => {
  const name = relative(publicDir, path).split('/').pop();
  const kb = Math.round(statSync(path).size / 1024);
  const style = wide
    ? `width:${size}px;height:${Math.round(size * 1.777)}px`
    : `width:${size}px;height:${size}px`;
  return `<figure><img src="file://${path}" style="${style}"><figcaption>${name}<br>${kb} KB</figcaption></figure>`;
};

const sections = [...groups.entries()].map(([group, paths]) => {
  const wide = group === 'art/backgrounds' || group === '(root)';
  const big = paths
    .map((path) => cell(path, wide ? 180 : 128, wide && /(background\.png|\.jpg)$/.test(path)))
    .join('');
  const small = wide ? '' : `<div class="row">${paths.map((path) => cell(path, 96)).join('')}</div>`;
  return `<section><h2>${group} (${paths.length})</h2><div class="row">${big}</div>${small}</section>`;
});

const html = `<!doctype html><html><head><style>
body{margin:0;padding:16px;background:#1b1530;color:#ddd;font:12px/1.3 sans-serif}
h2{margin:14px 0 6px;font-size:15px;color:#ffd866}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:8px}
figure{margin:0;text-align:center;width:min-content}
figcaption{font-size:9px;color:#aaa;word-break:break-all}
img{display:block;object-fit:cover;background:repeating-conic-gradient(#2a2344 0 25%,#221c3a 0 50%) 0 0/16px 16px}
</style></head><body>${sections.join('')}</body></html>`;

const page = join(tmpdir(), 'art-contact-sheet.html');
writeFileSync(page, html);
await withBrowser(async (browser) => {
  const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await tab.goto(`file://${page}`);
  await tab.waitForLoadState('load');
  await tab.screenshot({ path: output, fullPage: true });
});
const total = all.reduce((sum, path) => sum + statSync(path).size, 0);
console.info(
  `contact sheet: ${all.length} pictures, ${(total / 1024 / 1024).toFixed(2)} MB, written to ${output}`,
);
