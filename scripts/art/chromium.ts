/*
 * Renders SVG to raster images with Debian's Chromium through playwright-core.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/helpers/browser.ts';

export async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

export type Raster = { type: 'png' } | { type: 'jpeg'; quality: number };

/** Draws an SVG document at its own size and saves the screenshot. */
export async function rasterise(
  page: Page,
  svg: string,
  width: number,
  height: number,
  path: string,
  raster: Raster,
) {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#000;overflow:hidden}svg{display:block}</style></head><body>${svg}</body></html>`,
  );
  await page.screenshot({
    path,
    clip: { x: 0, y: 0, width, height },
    ...(raster.type === 'jpeg' ? { type: 'jpeg', quality: raster.quality } : { type: 'png' }),
  });
}

/**
 * Draws an SVG document into a `size`-pixel square canvas and encodes it as WebP (quality 0–1):
 * for small rasters of vector art, whose SVG costs a phone far more to draw the first time.
 */
export function drawWebp(page: Page, svg: string | Buffer, size: number, quality: number): Promise<Buffer> {
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return encodeWebp(page, source, size, size, quality);
}

/** Draws a picture (a data: URL) into a `width` × `height` canvas and encodes it as WebP (quality 0–1). */
export async function encodeWebp(
  page: Page,
  source: string,
  width: number,
  height: number,
  quality: number,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ source, width, height, quality }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    { source, width, height, quality },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('Chromium did not encode WebP');
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
