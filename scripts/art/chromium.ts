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
