import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let heroName: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ heroName } = await registerWithHero(server.url));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// One player (the development user) with a hero already chosen; the ban test comes last.
describe('the navigation shell', () => {
  test('Home shows the hero, coins and energy inside the shell, without a banner ad', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('coin-total').waitFor();
    await page.getByRole('img', { name: heroName }).waitFor({ state: 'visible' });
    expect(await page.getByTestId('energy').textContent()).toMatch(/^[\d,]+ \/ [\d,]+$/);
    await page.getByRole('link', { name: /^Stars: / }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Leaderboard' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: /^Profile: / }).waitFor({ state: 'visible' });
    expect(await page.getByRole('complementary', { name: 'Advertisement' }).count()).toBe(0);
    await context.close();
  });

  test('every route shows its screen inside the shell; the banner shows except on / and /fight', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const routes = [
      { path: '/tasks', title: 'Quest Board', ad: true },
      { path: '/invite', title: 'Invite Titans to Get 2500 Tokens', ad: true },
      { path: '/fight', title: 'Arena', ad: false },
      { path: '/marketplace', title: 'Titans Emporium', ad: true },
      { path: '/diamonds', title: 'Stars', ad: true },
      { path: '/leaderboard', title: 'Leaderboard', ad: true },
      { path: '/profile', title: 'Profile', ad: true },
      { path: '/inventory', title: 'Inventory', ad: true },
    ];
    for (const route of routes) {
      await page.goto(route.path);
      await page.getByRole('heading', { name: route.title, level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'visible' });
      const ad = page.getByRole('complementary', { name: 'Advertisement' });
      if (route.ad) await ad.getByRole('link').waitFor();
      else expect(await ad.count()).toBe(0);
      await snap(page, 'routes', route.path.slice(1));
    }

    // The top bar's Stars balance opens /diamonds inside the app.
    await page.goto('/');
    await page.getByRole('link', { name: /^Stars: / }).click();
    await page.getByRole('heading', { name: 'Stars', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/diamonds');
    await context.close();
  });

  test('a navigation from a scrolled page starts the next one at the top (D-WEB-12)', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const main = page.locator('main');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const scrollToBottom = async () => {
      await expect
        .poll(() => main.evaluate((element) => element.scrollHeight > element.clientHeight + 200))
        .toBe(true);
      await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBeGreaterThan(200);
    };
    const open = async (entry: string, title: string) => {
      await nav.getByRole('link', { name: entry }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    };
    // Both long pages once, so that their data is cached: a second visit is drawn at full
    // length at once, and only the reset keeps it from opening where the last page was left.
    await page.goto('/marketplace');
    await page.getByRole('heading', { name: 'Titans Emporium', level: 1 }).waitFor();
    await scrollToBottom();
    await open('Quest Board', 'Quest Board');
    await scrollToBottom();

    await open('Titans Emporium', 'Titans Emporium');
    expect(await main.evaluate((element) => element.scrollTop)).toBe(0);
    await scrollToBottom();
    await open('Quest Board', 'Quest Board');
    expect(await main.evaluate((element) => element.scrollTop)).toBe(0);
    await context.close();
  });

  test('an unknown path lands on Home', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/no/such/place?x=1');
    await page.getByTestId('coin-total').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('going offline shows the Network Disconnected pill; back online hides it', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/tasks');
    await page.getByRole('heading', { name: 'Quest Board', level: 1 }).waitFor();
    const pill = page.getByRole('alert').filter({ hasText: 'Network Disconnected' });
    expect(await pill.count()).toBe(0);

    await context.setOffline(true);
    await pill.waitFor();
    await snap(page, 'offline', '1-disconnected');

    await context.setOffline(false);
    await pill.waitFor({ state: 'detached' });
    await snap(page, 'offline', '2-reconnected');
    await context.close();
  });

  test('a banned player sees only the Account Suspended overlay with the reason', async () => {
    // The operator's ban (D-BAN-1), which also drops the account the server keeps for the player.
    await server.titans.bans.set('2', true, 'Automated tapping detected');

    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    const overlay = page.getByRole('alertdialog', { name: 'Account Suspended' });
    await overlay.waitFor();
    await overlay.getByText('Automated tapping detected').waitFor({ state: 'visible' });
    await overlay
      .getByText('If you believe this is an error, please contact support.')
      .waitFor({ state: 'visible' });
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByTestId('coin-total').count()).toBe(0);
    await page.waitForTimeout(400);
    await snap(page, 'ban', '1-suspended');
    await context.close();
  });
});
