import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { registerWithHero, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { installTelegramClient, telegramLaunchUrl } from './helpers/telegram-client.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerWithHero(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// The other browser tests open the bare URL (the development imitation of Telegram); this one
// opens the game the way Telegram's Android client does, which takes the early-socket path.
describe('launched by Telegram', () => {
  test('W10 one socket, opened before the app is evaluated, carries the game; taps count', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await installTelegramClient(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sockets: string[] = [];
    const requests: string[] = [];
    /** Socket and API traffic in the order the page started it. */
    const order: string[] = [];
    cdp.on('Network.webSocketCreated', (event) => {
      sockets.push(event.url);
      order.push('socket');
    });
    cdp.on('Network.requestWillBeSent', (event) => {
      const path = new URL(event.request.url).pathname;
      requests.push(path);
      if (path.startsWith('/v1/')) order.push(path);
    });

    await page.goto(await telegramLaunchUrl(server.url));
    await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
    await page.getByTestId('hero-tap').waitFor();
    // The socket opened first thing was adopted, not joined by a second one.
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toContain('/engine.io/?EIO=4&transport=websocket');
    // Opened by the entry script, before the app (which starts registration) was even evaluated.
    expect(order.indexOf('socket')).toBeLessThan(order.indexOf('/v1/user/register'));
    expect(order).toContain('/v1/user/register');
    // Inside Telegram the development imitation is never fetched, nor its init data.
    expect(requests.filter((path) => path.startsWith('/v1/dev/'))).toEqual([]);
    // The app spoke to the client through the bridge: theme, and ready once it was set up.
    const calls = await page.evaluate(
      () => (window as unknown as { __telegramCalls: string[] }).__telegramCalls,
    );
    expect(calls).toContain('web_app_ready');

    const before = await storedCoins(server.titans);
    const box = await page.getByTestId('hero-tap').boundingBox();
    if (!box) throw new Error('The hero is not on screen');
    for (let tap = 0; tap < 5; tap++) {
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    }
    // Durable on the server: the adopted socket announced the player and sent the taps.
    await expect
      .poll(() => storedCoins(server.titans), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before + 5);
    await snap(page, 'telegram-launch', 'home');
    expect(sockets).toHaveLength(1);
    await context.close();
  });
});
