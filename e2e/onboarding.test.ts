import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const INTRO_TITLES = ['Welcome to Titans', 'Battle in the Arena', 'Collect Characters', 'Upgrade & Evolve'];

// The tests share one server and one player (the development user 00000002), in this order.
describe('first launch', () => {
  test('a newcomer sees loading, the four intro slides, chooses a hero and lands on Home', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    // Registration answers a little later, so the loading screen can be looked at.
    await page.route('**/v1/user/register', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await route.continue();
    });

    await page.goto('/');
    const loading = page.getByTestId('loading-screen');
    await expect.poll(() => loading.isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Titans', { exact: true }).isVisible()).toBe(true);
    await page.waitForTimeout(700);
    await snap(page, 'onboarding', '1-loading');

    for (const [index, title] of INTRO_TITLES.entries()) {
      const heading = page.getByRole('heading', { name: title });
      await heading.waitFor();
      await snap(page, 'onboarding', `2-intro-${index + 1}`);
      const last = index === INTRO_TITLES.length - 1;
      const button = page.getByRole('button', { name: last ? 'Start Game' : 'Next', exact: true });
      await button.click();
    }

    await page.getByRole('heading', { name: 'Choose Your Hero' }).waitFor();
    const start = page.getByRole('button', { name: 'Start Adventure' });
    const heroes = page.getByRole('button', { pressed: false }).filter({ hasText: 'Lv' });
    await heroes.first().waitFor();
    expect(await heroes.count()).toBeGreaterThanOrEqual(1);
    expect(await start.isDisabled()).toBe(true);
    await snap(page, 'onboarding', '3-choose-hero');

    await heroes.nth(1).click();
    for (const stat of ['HP', 'ATK', 'DEF', 'SPD']) {
      await page.getByText(stat, { exact: true }).waitFor({ state: 'visible' });
    }
    expect(await start.isEnabled()).toBe(true);
    await snap(page, 'onboarding', '4-hero-chosen');

    await start.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const entry of ['Quest Board', 'Invites', 'Home', 'Arena', 'Titans Emporium']) {
      await nav.getByRole('link', { name: entry }).waitFor({ state: 'visible' });
    }
    await page.getByTestId('coin-total').waitFor();
    await page.waitForTimeout(900);
    await snap(page, 'onboarding', '5-home');
    await context.close();
  });

  test('a reload stays in the game: the hero choice is kept by the server', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Titans' }).count()).toBe(0);

    await page.reload();
    await nav.waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Titans' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user-storage'))).toContain('"isFirstTime":false');

    // Without the saved user the server still knows the hero.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await nav.waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Titans' }).count()).toBe(0);
    await page.getByTestId('coin-total').waitFor();
    await page.waitForTimeout(900);
    await snap(page, 'reload', '1-home');
    await context.close();
  });
});
