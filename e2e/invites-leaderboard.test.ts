import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { giveCoins, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // No refresh timer: the test decides when the snapshot is taken.
  [server, browser] = await Promise.all([
    startServer({ env: { LEADERBOARD_REFRESH_SECONDS: '0' } }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await server.titans.leaderboard.refresh();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Rivals inserted straight into the database (names, coins and referral earnings only). */
async function seedRivals() {
  const rivals: Array<[string, string, number, number]> = [
    ['Astra', 'astra_queen', 48_200, 25_000],
    ['Borin', 'borin_ironfist', 91_500, 10_000],
    ['Cyra', 'cyra_storm', 12_900, 10_000],
    ['Drake', 'drakeheart', 77_300, 0],
    ['Elowen', 'elowen', 66_000, 0],
    ['Fang', 'fang_of_night', 54_800, 0],
    ['Garrick', 'garrick', 31_250, 0],
    ['Hela', 'hela_rune', 20_400, 0],
    ['Ivo', 'ivo_the_bold', 9_990, 0],
    ['Juno', 'juno', 4_100, 0],
  ];
  for (const [index, [name, username, coins, earnings]] of rivals.entries()) {
    await server.titans.database.query(
      `insert into users (telegram_user_id, username, first_name, coins, energy, referral_code, referral_earnings)
       values ($1, $2, $3, $4, 1000, $5, $6)`,
      [700 + index, username, name, coins, `RIVAL${index}`, earnings],
    );
  }
}

describe('Leaderboard', () => {
  test('LB1 the podium, six rows and the pinned own row with (You), in the spec order', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();

    // The snapshot was taken with the player alone, before they had coins.
    await page.goto('/leaderboard');
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    await page.getByTestId('podium-1').filter({ hasText: '@test_titan' }).waitFor();
    await page.getByTestId('own-rank').filter({ hasText: '(You)' }).waitFor();
    expect(await page.getByTestId('own-rank').getByTestId('rank').textContent()).toBe('1');

    await seedRivals();
    await giveCoins(server.titans, 5_000, 'e2e:leaderboard-coins');
    await server.titans.leaderboard.refresh();
    await page.reload();
    const first = page.getByTestId('podium-1');
    await first.filter({ hasText: '@astra_queen' }).waitFor();
    expect(await first.textContent()).toContain('48.2k');
    // Ties on referral earnings go to more coins: Borin (91,500) before Cyra (12,900).
    expect(await page.getByTestId('podium-2').textContent()).toContain('@borin_ironfist');
    expect(await page.getByTestId('podium-3').textContent()).toContain('@cyra_storm');
    const rows = page.getByTestId('leaderboard-row');
    await expect.poll(() => rows.count()).toBe(6);
    expect(await rows.first().textContent()).toContain('@drakeheart');
    expect(await rows.nth(0).getByTestId('rank').textContent()).toBe('4');
    expect(await rows.nth(5).getByTestId('rank').textContent()).toBe('9');
    // The player (5,000 coins) is 10th: outside the list, pinned with their rank.
    const own = page.getByTestId('own-rank');
    await expect.poll(async () => own.getByTestId('rank').textContent()).toBe('10');
    expect(await own.textContent()).toContain('(You)');
    expect(await own.textContent()).toContain('5,000');
    await snap(page, 'invites-leaderboard', '1-podium');

    // Back goes to Home.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('coin-total').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('LB2 a player not in the snapshot sees "-" and, with nobody ranked, the empty state', async () => {
    // A snapshot that ranks nobody (banned players are never ranked), then the player is back.
    await server.titans.database.query('update users set is_banned = true');
    await server.titans.leaderboard.refresh();
    await server.titans.database.query('update users set is_banned = false where telegram_user_id = 2');
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/leaderboard');
    await page.getByText('No leaderboard data available').waitFor();
    const own = page.getByTestId('own-rank');
    await own.filter({ hasText: '(You)' }).waitFor();
    expect(await own.getByTestId('rank').textContent()).toBe('-');
    await snap(page, 'invites-leaderboard', '2-empty');
    await context.close();
  });
});
