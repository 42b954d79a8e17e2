import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

const screenshotDir = path.resolve(import.meta.dirname, '../../screenshots/e2e');

/**
 * How the tests, benchmarks and art scripts start Chromium. Headless Chromium 156 still builds
 * the desktop omnibox's WebUI popup in a renderer of its own, which took about 2 s of CPU in
 * the first 9 s of a browser with two pages, on a 2-core machine shared with the server under
 * test; the two features below turn it off (decisions D-WEB-32). A phone's Telegram WebView has
 * no omnibox.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Debian's Chromium; the suite never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the e2e project's global setup (chromium-server.ts) says its shared Chromium listens. */
export const SHARED_CHROMIUM_ENV = 'E2E_CHROMIUM_WS_ENDPOINT';

/**
 * Chromium, headless: in the browser tests a connection to the run's one shared Chromium (its
 * `close()` closes this connection's contexts only), elsewhere (benchmarks, art scripts) a browser
 * of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A phone: 390×844 at 2x, touch, mobile viewport; `options` adds to (or overrides) that. */
export function newPhoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
}

/**
 * Saves screenshots/e2e/<test>-<step>.png once the page's images and fonts have settled.
 * Animations are finished first unless `animations: 'allow'` (e.g. tap effects paused mid-air).
 */
export async function snap(
  page: Page,
  test: string,
  step: string,
  options: { animations?: 'allow' | 'disabled' } = {},
): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const settled = (image: HTMLImageElement) =>
      new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      });
    const pending = Array.from(document.images)
      .filter((image) => !image.complete)
      .map(settled);
    await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  await page.screenshot({
    path: path.join(screenshotDir, `${test}-${step}.png`),
    animations: options.animations ?? 'disabled',
  });
}
