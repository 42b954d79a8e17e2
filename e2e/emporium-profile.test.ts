import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { battles } from '../apps/server/src/db/schema.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, giveItem, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 2_500, 'e2e:profile-coins');
  await giveItem(server.titans, 'frost-peaks');
  await giveItem(server.titans, 'ember-dagger');
  // Three finished battles, two of them won: the profile counts the records.
  const userId = await devUserId(server.titans);
  const endedAt = new Date();
  await server.titans.database.db.insert(battles).values([
    {
      mode: 'pve',
      player1Id: userId,
      player1CharacterId: 'x',
      status: 'completed',
      winnerId: userId,
      endedAt,
    },
    {
      mode: 'pve',
      player1Id: userId,
      player1CharacterId: 'x',
      status: 'completed',
      winnerId: userId,
      endedAt,
    },
    { mode: 'pve', player1Id: userId, player1CharacterId: 'x', status: 'completed', winnerId: null, endedAt },
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Profile, Inventory and FAQ', () => {
  test('M6 Profile shows the player, balances and the stats the server computes', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await page.getByRole('link', { name: /^Profile/ }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('stat-battles').textContent()).toContain('3');
    expect(await page.getByTestId('stat-wins').textContent()).toContain('2');
    expect(await page.getByTestId('stat-win-rate').textContent()).toContain('66.7%');
    expect(await page.getByTestId('stat-coins-earned').textContent()).toContain('2.5k');
    expect(await page.getByTestId('stat-tasks').textContent()).toContain('0');
    await page.getByText('Sir Aldric Dawnblade').waitFor();
    await snap(page, 'profile', '1-main');

    await page.getByRole('button', { name: 'Sound Settings' }).click();
    const music = page.getByRole('switch', { name: 'Music', exact: true });
    await music.click();
    expect(await page.getByRole('slider', { name: 'Music volume' }).isDisabled()).toBe(true);
    await music.click();
    await snap(page, 'profile', '2-sound');

    await page.getByRole('button', { name: 'Achievements' }).click();
    // One level everywhere (D-UI-6): the selected hero's, as the top bar shows it; ten levels listed.
    const level = (await page.getByRole('link', { name: /^Profile:/ }).textContent())?.match(
      /Level (\d+)/,
    )?.[1];
    expect(await page.getByTestId('achievements-level').textContent()).toBe(`Level ${level}`);
    await page.getByText('A level belongs to your hero.', { exact: false }).waitFor();
    expect(await page.getByTestId('achievement-level').count()).toBe(10);
    await snap(page, 'profile', '3-achievements');
    await page.getByRole('button', { name: 'Back to Profile' }).click();

    await page.getByRole('button', { name: 'Inventory', exact: true }).click();
    await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await page
      .getByRole('region', { name: 'Weapons' })
      .getByRole('article', { name: 'Ember Dagger' })
      .waitFor();
    await page.getByRole('article', { name: 'Default Background' }).waitFor();
    await snap(page, 'profile', '4-inventory');
    await page.getByRole('tab', { name: 'Shield' }).click();
    await page.getByText('No Shield available').waitFor();
    await page.getByRole('tab', { name: 'Background' }).click();
    await page.getByRole('article', { name: 'Frost Peaks' }).getByRole('button', { name: 'Set' }).click();
    const confirm = page.getByRole('dialog', { name: 'Set Background' });
    await confirm.getByRole('button', { name: 'Set Background' }).click();
    await page.getByRole('status').filter({ hasText: 'Background updated successfully!' }).waitFor();
    await page
      .getByRole('article', { name: 'Frost Peaks' })
      .getByRole('button', { name: 'Equipped' })
      .waitFor();
    await snap(page, 'profile', '5-inventory-backgrounds');
    await context.close();
  }, 240_000);

  test('FAQ opens and closes each of the four answers', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'FAQ', level: 1 }).waitFor();
    const questions = [
      ['How does the game work?', 'Tap your hero'],
      ['How do I earn stars and coins?', 'Stars are the premium currency'],
      ['How do I change characters?', 'Profile > Inventory > Characters'],
      ['What are lifelines, levels, and other gameplay mechanics?', 'Titans has no lifelines'],
    ] as const;
    for (const [question, answer] of questions) {
      const toggle = page.getByRole('button', { name: question });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await page.getByRole('region', { name: question }).getByText(answer).waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    }
    await snap(page, 'faq', '1-open');
    for (const [question] of questions) {
      await page.getByRole('button', { name: question }).click();
      await page.getByRole('region', { name: question }).waitFor({ state: 'detached' });
    }
    await snap(page, 'faq', '2-closed');
    await page.getByRole('button', { name: 'Back to Profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await context.close();
  }, 240_000);
});
