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
import { withBrowser } from '../../../scripts/art/chromium.ts';

const publicDir = path.resolve(import.meta.dirname, '../public');
const WIDTH = 180;
const QUALITY = 0.7;

await withBrowser(async (browser) => {
  const page = await browser.newPage();
  const source = `data:image/png;base64,${fs.readFileSync(path.join(publicDir, 'background.png')).toString('base64')}`;
  const dataUrl = await page.evaluate(
    async ({ source, width, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((width * image.height) / image.width);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality);
    },
    { source, width: WIDTH, quality: QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('Chromium did not encode WebP');
  const file = path.join(publicDir, 'background-splash.webp');
  fs.writeFileSync(file, Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));
  console.log(`wrote ${file} (${fs.statSync(file).size} bytes)`);
});
