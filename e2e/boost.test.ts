import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { giveCoins, registerWithHero, setEnergy, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerWithHero(server.url);
  // Before the page connects: the tap engine reads these coins when the player first taps in.
  await giveCoins(server.titans, 5_000, 'e2e:boost-coins');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function coinTotal(page: Page): Promise<number> {
  return Number((await page.getByTestId('coin-total').textContent())?.replace(/,/g, ''));
}

async function tapHero(page: Page) {
  const box = await page.getByTestId('hero-tap').boundingBox();
  if (!box) throw new Error('The hero is not on screen');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

describe('Boost', () => {
  test('Multitap bought on the Boost screen costs its price, and taps then earn double', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
    await expect.poll(() => coinTotal(page)).toBe(5_000);
    await tapHero(page);
    await expect.poll(() => coinTotal(page)).toBe(5_010);

    await page.getByRole('link', { name: 'Boost' }).click();
    await page.getByRole('heading', { name: 'Boost', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/boost');
    const multitap = page.getByRole('article', { name: 'Multitap' });
    await multitap.getByText('Lv 0/9').waitFor();
    expect(await page.getByTestId('boost-balance').textContent()).toBe('5,010');
    for (const title of ['Energy Limit', 'Recharging Speed', 'Quick Refill']) {
      await page.getByRole('article', { name: title }).waitFor({ state: 'visible' });
    }
    expect(await page.getByRole('button', { name: 'Buy Multitap' }).isEnabled()).toBe(true);
    // The tap's energy comes back within a second; with energy full the free refill waits.
    const refill = page.getByRole('article', { name: 'Full energy' });
    await refill.getByText('3/3 today').waitFor({ state: 'visible' });
    await expect
      .poll(() => refill.getByRole('button', { name: 'Refill energy' }).isDisabled(), { timeout: 5_000 })
      .toBe(true);
    await refill.getByText('Energy is full').waitFor();
    await snap(page, 'boost', '1-screen');

    await page.getByRole('button', { name: 'Buy Multitap' }).click();
    // W21: Buy opens the confirm step; the coins move only once it is confirmed.
    const confirm = page.getByRole('dialog', { name: 'Upgrade Multitap?' });
    await confirm.getByText('×1 per tap').waitFor();
    expect(await page.getByTestId('boost-balance').textContent()).toBe('5,010');
    await confirm.getByRole('button', { name: /^Confirm: buy Multitap for 2,000 coins/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Multitap upgraded to level 1!' }).waitFor();
    await multitap.getByText('Lv 1/9').waitFor();
    await expect.poll(async () => page.getByTestId('boost-balance').textContent()).toBe('3,010');
    await multitap.getByText('×2 per tap').first().waitFor({ state: 'visible' });
    await snap(page, 'boost', '2-bought');

    // Back on Home (the in-app Back button outside Telegram), the total went down at once…
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('hero-tap').waitFor();
    expect(await coinTotal(page)).toBe(3_010);
    // …and a tap now earns 20.
    await tapHero(page);
    await expect.poll(() => coinTotal(page)).toBe(3_030);
    const floating = page.locator('[data-testid="floating-value"][data-active="true"]');
    expect(await floating.filter({ hasText: '+20' }).count()).toBeGreaterThan(0);
    await page.getByTestId('pending-badge').waitFor({ state: 'hidden' });
    expect(await storedCoins(server.titans)).toBe(3_030);
    await snap(page, 'boost', '3-home-after');
    await context.close();
  });

  test('the free refill fills energy once spent, then cools down with a countdown', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
    for (let i = 0; i < 8; i++) await tapHero(page);
    // Eight taps regenerate in under 3 s (3 energy a second): a loaded machine took longer than
    // that to open Boost, found energy full again and the refill rightly disabled. A long
    // session's worth is spent instead, through the gateway as the game's own changes are.
    await setEnergy(server.titans, 400);
    await page.getByRole('link', { name: 'Boost' }).click();
    const refill = page.getByRole('article', { name: 'Full energy' });
    const button = refill.getByRole('button', { name: 'Refill energy' });
    await expect.poll(() => button.isEnabled()).toBe(true);

    await button.click();
    await page.getByRole('status').filter({ hasText: 'Energy refilled!' }).waitFor();
    await refill.getByText('2/3 today').waitFor();
    await refill.getByText(/^Ready in \d{2}:\d{2}$/).waitFor();
    expect(await button.isDisabled()).toBe(true);
    await snap(page, 'boost', '4-refill-cooling');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByTestId('energy').textContent()).toBe('1,000 / 1,000');
    await context.close();
  });
});
