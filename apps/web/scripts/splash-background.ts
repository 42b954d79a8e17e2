/*
 * Writes public/background-splash.webp: the default background (public/background.png) at a
 * quarter of its width, for index.html's splash and as the soft first frame of the default
 * backdrop (components/ui/scene-backdrop.tsx). On Slow 4G every byte before the first screen
 * shares the link with the app's script: the full picture is 21 KB, this one about 4 KB
 * (decisions D-WEB-43). Encoded by Debian's Chromium.
 * Run: npx tsx apps/web/scripts/splash-background.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeWebp, withBrowser } from '../../../scripts/art/chromium.ts';

const publicDir = path.resolve(import.meta.dirname, '../public');
/** background.png is 720 × 1280. */
const WIDTH = 180;
const HEIGHT = 320;
const QUALITY = 0.7;

await withBrowser(async (browser) => {
  const page = await browser.newPage();
  const source = `data:image/png;base64,${fs.readFileSync(path.join(publicDir, 'background.png')).toString('base64')}`;
  const file = path.join(publicDir, 'background-splash.webp');
  fs.writeFileSync(file, await encodeWebp(page, source, WIDTH, HEIGHT, QUALITY));
  console.log(`wrote ${file} (${fs.statSync(file).size} bytes)`);
});
