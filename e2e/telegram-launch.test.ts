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
  test('W10 one socket and one registration, sent before the app is evaluated, carry the game; taps count', async () => {
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
    // Registration's answer, to see that the app shows what that one call said.
    cdp.on('Network.responseReceived', (event) => {
      if (new URL(event.response.url).pathname === '/v1/user/register')
        registered.push(event.response.status);
    });
    const registered: number[] = [];

    await page.goto(await telegramLaunchUrl(server.url));
    await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
    await page.getByTestId('hero-tap').waitFor();
    // The socket opened first thing was adopted, not joined by a second one.
    expect(sockets).toHaveLength(1);
    // A websocket from the start, carrying the player id a cluster's balancer hashes on (D-CLUSTER-12).
    expect(sockets[0]).toContain('/engine.io/?');
    expect(sockets[0]).toContain('EIO=4&transport=websocket');
    expect(new URL(sockets[0] ?? '').searchParams.get('player')).toBe('2');
    // Opened by the entry script, before the app was even evaluated.
    expect(order.indexOf('socket')).toBeLessThan(order.indexOf('/v1/user/register'));
    // Registration is sent once, by the entry script too, and the session reads that answer.
    expect(order.filter((path) => path === '/v1/user/register')).toHaveLength(1);
    expect(registered).toEqual([200]);
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

describe('a new player launched from a referral link', () => {
  let fresh: RunningServer;
  beforeAll(async () => {
    fresh = await startServer();
  });
  afterAll(async () => {
    await fresh?.close();
  });

  test("W10 the early registration carries the start parameter's code; the app asks only once", async () => {
    const context = await newPhoneContext(browser, fresh.url);
    const page = await context.newPage();
    await installTelegramClient(page);
    const registrations: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/user/register') {
        registrations.push(request.postDataJSON());
      }
    });
    await page.goto(await telegramLaunchUrl(fresh.url, '/', 'buddies_abc123'));
    await page.getByRole('heading', { name: 'Welcome to Titans' }).waitFor();
    expect(registrations).toEqual([expect.objectContaining({ referral_code: 'ABC123' })]);
    // Registration succeeded: the pending code is gone.
    expect(await page.evaluate(() => localStorage.getItem('pendingReferralCode'))).toBeNull();
    await context.close();
  });
});
