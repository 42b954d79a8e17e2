/**
 * bench:web's floor, measured: the same phone and network opening a page with the splash and the
 * socket and nothing else (web-floor.ts), served by a server of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { registerWithHero } from '../../e2e/helpers/player.ts';
import { type RunningServer, startServer } from '../../e2e/helpers/server.ts';
import { installTelegramClient, telegramLaunchUrl } from '../../e2e/helpers/telegram-client.ts';
import { LAUNCH, throttle } from './bench-web-measure.ts';
import { FLOOR_LIVE_MESSAGE, writeFloorSite } from './web-floor.ts';

/** The emulated phone's screen. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

async function newFloorPhone(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  if (LAUNCH === 'telegram') await installTelegramClient(page);
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  return { page, cdp };
}

export interface FloorLoad {
  fcpMs: number;
  /** The server accepted the page's socket. */
  liveMs: number;
}

/** Opens the floor's page (web-floor.ts) and waits until its socket is accepted. */
async function measureFloorLoad(page: Page, url: string): Promise<FloorLoad> {
  const live = page.waitForEvent('console', {
    predicate: (message) => message.text() === FLOOR_LIVE_MESSAGE,
    timeout: 60_000,
  });
  page.on('console', (message) => {
    if (message.type() === 'error') process.stderr.write(`floor page: ${message.text()}\n`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await live;
  return page.evaluate(() => ({
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    liveMs: (window as unknown as { __floorLiveAt: number }).__floorLiveAt,
  }));
}

/**
 * One round of the floor: the same phone and network, empty cache then warm, opening a page with
 * the splash and the socket and nothing else. Always with Telegram's launch hash, whatever
 * `--launch` says: the floor's script reads the init data there.
 */
export async function measureFloorRound(
  browser: Browser,
  serverUrl: string,
): Promise<{ cold: FloorLoad; warm: FloorLoad }> {
  const context = await browser.newContext({ baseURL: serverUrl, ...PHONE });
  try {
    const first = await newFloorPhone(context);
    const cold = await measureFloorLoad(first.page, await telegramLaunchUrl(serverUrl));
    await first.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 60_000,
    });
    await first.page.close();
    const second = await newFloorPhone(context);
    const warm = await measureFloorLoad(second.page, await telegramLaunchUrl(serverUrl));
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** The floor's server: the splash of `webDist` and the floor's script, from a folder of their own. */
export async function startFloorServer(webDist: string): Promise<RunningServer> {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-floor-'));
  writeFloorSite(site, webDist);
  const server = await startServer({ env: { WEB_DIST_DIR: site } });
  await registerWithHero(server.url);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(site, { recursive: true, force: true });
    },
  };
}
