import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adViews } from '../apps/server/src/db/schema.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const AD_HOST = 'sad.adsgram.ai';

let adsOff: RunningServer;
let adsOn: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [adsOff, adsOn, browser] = await Promise.all([
    startServer(),
    startServer({
      env: { ADSGRAM_BLOCK_ID: '4242', ADSGRAM_REWARD_SECRET: 'e2e-ads-loading-reward-secret' },
    }),
    launchBrowser(),
  ]);
  await Promise.all([registerWithHero(adsOff.url), registerWithHero(adsOn.url)]);
});

afterAll(async () => {
  await browser?.close();
  await adsOff?.close();
  await adsOn?.close();
});

/**
 * A phone whose every request leaving the server is recorded and fails, as with no network to
 * the ad host or an ad blocker in the way; uncaught errors of its pages are recorded too.
 */
async function offline(base: string) {
  const context: BrowserContext = await newPhoneContext(browser, base);
  const outside: string[] = [];
  const errors: string[] = [];
  await context.route(
    (url) => !url.href.startsWith(base),
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const page: Page = await context.newPage();
  page.setDefaultTimeout(60_000);
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, outside, errors };
}

describe('Adsgram only when configured (Q10, D-QUEST-10)', () => {
  test('Q10 with no ad block the Quest Board and the Arena ask no ad host and raise no page error', async () => {
    const { context, page, outside, errors } = await offline(adsOff.url);
    try {
      await page.goto('/tasks?tab=watch');
      await page.getByRole('heading', { name: 'Quest Board', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.goto('/fight');
      await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor();
      await page.waitForLoadState('networkidle');
      await page.goto('/tasks?tab=all');
      await page.getByRole('heading', { name: 'Quest Board', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(outside.filter((url) => url.includes(AD_HOST))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Q10 with an ad block and the ad host unreachable the failure is a message, not an uncaught error', async () => {
    const { context, page, outside, errors } = await offline(adsOn.url);
    try {
      await page.goto('/tasks?tab=watch');
      const card = page.getByRole('article', { name: 'Watch an ad' });
      await card.waitFor();
      // The card loads the SDK: its loader tries the host three times, and each attempt fails.
      await expect
        .poll(() => outside.filter((url) => url.includes(AD_HOST)).length, { timeout: 30_000 })
        .toBe(3);
      await card.getByRole('button', { name: 'Watch Now' }).click();
      await page.getByText('The ad could not be shown. Try again later.').waitFor();
      await snap(page, 'ads-loading', '1-host-unreachable');
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      // The SDK never loaded, so no view was started on the server.
      expect(await adsOn.titans.database.db.select().from(adViews)).toEqual([]);
      expect(await card.getByRole('button', { name: 'Watch Now' }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
