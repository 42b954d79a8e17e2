import { VIDEO_RECOVERY_COINS } from '@titans/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adViews } from '../apps/server/src/db/schema.ts';
import { fakeAdsgram } from '../apps/server/test/helpers/fake-quest-servers.ts';
import { openFight, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, registerWithHero, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const SECRET = 'e2e-video-recovery-reward-secret';

let server: RunningServer;
let browser: Browser;

/**
 * Adsgram's SDK stays on this machine: a stand-in "plays" the ad at once. The reward itself
 * still comes only through the server callback, which the test sends as Adsgram would.
 */
async function isolate(context: BrowserContext) {
  await context.route('https://sad.adsgram.ai/**', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.Adsgram = { init: () => ({ show: () => Promise.resolve({ done: true, description: 'fake', state: 'destroy', error: false }), addEventListener() {}, removeEventListener() {}, destroy() {} }) };`,
    }),
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: { ADSGRAM_BLOCK_ID: '4242', ADSGRAM_REWARD_SECRET: SECRET, MATCHMAKING_BOT_OFFER_MS: '180000' },
    }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 10_000, 'e2e:video-recovery-coins');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Video recovery', () => {
  test('Q9 after a defeat the player watches a video and the server credits 2,500 coins once, on the callback', async () => {
    const context = await newPhoneContext(browser, server.url);
    await isolate(context);
    const page = await openFight(context);
    await startBattle(page, 'Player vs AI', 'video-recovery');
    await page.getByTestId('battle-target').waitFor({ timeout: 60_000 });
    // Leaving forfeits: a defeat.
    await page.getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('dialog', { name: 'Exit Game' }).getByRole('button', { name: 'Exit' }).click();
    await page.getByText('Defeated').waitFor({ timeout: 30_000 });
    const offer = page.getByTestId('video-recovery');
    await offer.getByText('Watch a video to recover').waitFor();
    await snap(page, 'video-recovery', '1-offer');
    const before = await storedCoins(server.titans);

    await offer.getByRole('button', { name: 'Watch Video' }).click();
    // The ad "played"; the page waits for the server. Nothing is credited until Adsgram calls back.
    const userId = await devUserId(server.titans);
    await expect
      .poll(async () => {
        const rows = await server.titans.database.db
          .select()
          .from(adViews)
          .where(and(eq(adViews.userId, userId), eq(adViews.purpose, 'battle-recovery')));
        return rows.map((row) => row.status);
      })
      .toEqual(['pending']);
    expect(await storedCoins(server.titans)).toBe(before);
    const adsgram = fakeAdsgram(`${server.url}/v1/ads/adsgram/reward?userid=[userId]&secret=${SECRET}`);
    expect((await adsgram.watchedToTheEnd(2)).body.data.credited).toBe(true);

    await page.getByTestId('video-recovery').getByText('+2,500 coins').waitFor({ timeout: 15_000 });
    await snap(page, 'video-recovery', '2-recovered');
    expect(await storedCoins(server.titans)).toBe(before + VIDEO_RECOVERY_COINS);
    // A replayed callback credits nothing.
    expect((await adsgram.watchedToTheEnd(2)).body.data.credited).toBe(false);
    expect(await storedCoins(server.titans)).toBe(before + VIDEO_RECOVERY_COINS);
    await context.close();
  }, 300_000);
});
