import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userCharacters } from '../apps/server/src/db/schema.ts';
import { landHits, openFight, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, registerWithHero, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * The screen tells the truth about the Arena's stake (rules W12–W14): the shown total follows the
 * server down after a defeat, the level a battle left shows at once, and a player without the
 * stake is told so before pressing Start. One player, in order: a new account (0 coins), then
 * 5,000 coins for each battle, which the defeat takes.
 */

let server: RunningServer;
let browser: Browser;
let heroId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The intro and the bot's setup are not what these tests are about (arena.test.ts and
    // arena-glance.test.ts play them at the spec's length): a short intro keeps the suite short.
    startServer({
      env: { MATCHMAKING_BOT_OFFER_MS: '180000', BATTLE_INTRO_MS: '1500', BATTLE_BOT_SETUP_MS: '0' },
    }),
    launchBrowser(),
  ]);
  ({ heroId } = await registerWithHero(server.url));
  // This suite is about the staked Arena: the player has had their practice fight (PF1), so the
  // lobby offers Start Battle with its stake.
  await server.titans.database.query('UPDATE users SET practice_won_at = now() WHERE telegram_user_id = 2');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The shown coin total: the Arena's lobby or Home's (digits only). */
async function shownCoins(page: Page, testId: 'arena-coins' | 'coin-total'): Promise<number> {
  return Number((await page.getByTestId(testId).textContent())?.replace(/\D/g, ''));
}

/** A value the page keeps until it reloads: the test checks nothing reloaded it. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { unreloaded: boolean }).unreloaded = true;
  });
}

async function stillUnreloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);
}

/** Bottom navigation, in the app (no page load). */
async function go(page: Page, name: 'Home' | 'Arena' | 'Quest Board') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** Starts a bot battle and waits for FIGHT! (the live target). */
async function fightBot(page: Page, name: string) {
  await startBattle(page, 'Player vs AI', name);
  await page.getByTestId('battle-view').waitFor({ timeout: 30_000 });
  await page.getByTestId('battle-target').waitFor({ timeout: 60_000 });
}

/** Exit → the dialog that says what leaving costs → Exit: a forfeit, Defeated. */
async function forfeit(page: Page, name: string) {
  await page.getByRole('button', { name: 'Exit' }).click();
  const exit = page.getByRole('dialog', { name: 'Exit Game' });
  await exit
    .getByText('Leaving now forfeits the battle: it counts as a defeat and your 5,000-coin stake is lost.')
    .waitFor();
  await snap(page, name, '2-exit-dialog');
  await exit.getByRole('button', { name: 'Exit' }).click();
  await page.getByText('Defeated').waitFor({ timeout: 30_000 });
}

describe('Arena stake on screen', () => {
  test('W14 without the stake Start Battle is disabled with its reason and ways to earn; coins enable it live', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await openFight(context);
    await markPage(page);
    expect(await page.getByTestId('arena-stake').textContent()).toBe(
      'Stake 5,000 · Win +5,000 · Lose the stake',
    );
    const start = page.getByRole('button', { name: 'Start Battle' });
    expect(await start.isDisabled()).toBe(true);
    const reason = page.getByTestId('arena-entry-reason');
    await reason.getByText('You need at least 5000 coins to enter a battle!').waitFor();
    expect(await start.getAttribute('aria-describedby')).toBe('arena-entry-reason');
    await reason.getByRole('button', { name: 'Tap on Home' }).waitFor();
    await snap(page, 'arena-stake', '1-cannot-pay');
    const small = await newPhoneContext(browser, server.url, { viewport: { width: 320, height: 568 } });
    const smallPage = await openFight(small);
    await smallPage.getByTestId('arena-entry-reason').waitFor();
    await snap(smallPage, 'arena-stake', '1-cannot-pay-320');
    await small.close();

    // A way to earn: the Quest Board.
    await reason.getByRole('button', { name: 'Quest Board' }).click();
    await page.waitForURL('**/tasks');
    await go(page, 'Arena');
    await page.getByTestId('arena-lobby').waitFor();
    expect(await page.getByRole('button', { name: 'Start Battle' }).isDisabled()).toBe(true);

    // The coins arrive (a reward through the gateway): the lobby follows without a reload.
    await giveCoins(server.titans, 5_000, 'e2e:stake-w14');
    await expect.poll(() => page.getByRole('button', { name: 'Start Battle' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('arena-entry-reason').count()).toBe(0);
    expect(await shownCoins(page, 'arena-coins')).toBe(5_000);
    await page.getByRole('button', { name: 'Start Battle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Battle' });
    await dialog.getByRole('tab', { name: 'Player vs AI' }).click();
    await dialog.getByText(/You stake 5,000 coins when the battle starts/).waitFor();
    await snap(page, 'arena-stake', '2-start-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await stillUnreloaded(page)).toBe(true);
    await context.close();
  }, 180_000);

  test('W12 a forfeited bot battle drops Home’s shown total by the stake, without a reload', async () => {
    if ((await storedCoins(server.titans)) < 5_000) await giveCoins(server.titans, 5_000, 'e2e:stake-w12');
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await markPage(page);
    await expect.poll(() => shownCoins(page, 'coin-total')).toBe(await storedCoins(server.titans));
    const before = await shownCoins(page, 'coin-total');
    expect(before).toBeGreaterThanOrEqual(5_000);

    await go(page, 'Arena');
    await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor();
    expect(await shownCoins(page, 'arena-coins')).toBe(before);
    await fightBot(page, 'arena-stake-defeat');
    await snap(page, 'arena-stake-defeat', '1-live');
    await forfeit(page, 'arena-stake-defeat');
    await snap(page, 'arena-stake-defeat', '3-defeated', { animations: 'allow' });
    if (before - 5_000 < 5_000) {
      // New Match: the start dialog says why it cannot start now.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'New Match' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start Battle' });
      await dialog.getByText('You need at least 5000 coins to enter a battle!').waitFor();
      expect(await dialog.getByRole('button', { name: 'Start Battle' }).isDisabled()).toBe(true);
      await snap(page, 'arena-stake-defeat', '3b-new-match');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }

    await go(page, 'Home');
    await expect.poll(() => shownCoins(page, 'coin-total')).toBe(before - 5_000);
    expect(await storedCoins(server.titans)).toBe(before - 5_000);
    await snap(page, 'arena-stake-defeat', '4-home');
    // And the Arena, with the stake gone, says so before Start.
    await go(page, 'Arena');
    await expect.poll(() => shownCoins(page, 'arena-coins')).toBe(before - 5_000);
    if (before - 5_000 < 5_000) {
      expect(await page.getByRole('button', { name: 'Start Battle' }).isDisabled()).toBe(true);
    }
    expect(await stillUnreloaded(page)).toBe(true);
    await context.close();
  }, 240_000);

  test('W13 the level a battle left shows on Home and in the Arena without a reload', async () => {
    // 5 XP short of level 2: a defeat with hits (F34: 5 or more) earns 10 XP.
    const userId = await devUserId(server.titans);
    await server.titans.database.db
      .update(userCharacters)
      .set({ level: 1, experience: 95 })
      .where(and(eq(userCharacters.userId, userId), eq(userCharacters.characterId, heroId)));
    await giveCoins(server.titans, 5_000, 'e2e:stake-w13');

    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await markPage(page);
    await page.getByText('Lv 1', { exact: true }).waitFor();
    await go(page, 'Arena');
    await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor();
    await page.getByText(/^Level 1 ·/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Start Battle' }).isEnabled()).toBe(true);

    await fightBot(page, 'arena-stake-level');
    expect(await landHits(page, 6)).toBeGreaterThanOrEqual(6);
    await forfeit(page, 'arena-stake-level');
    await page.getByText('Level up! Level 2').waitFor();
    await snap(page, 'arena-stake-level', '3-level-up', { animations: 'allow' });

    await go(page, 'Home');
    await page.getByText('Lv 2', { exact: true }).waitFor({ timeout: 15_000 });
    // The top bar shows the same level: the hero's (D-UI-6).
    await page
      .getByRole('link', { name: /^Profile:/ })
      .getByText('Level 2')
      .waitFor({ timeout: 15_000 });
    await snap(page, 'arena-stake-level', '4-home');
    await go(page, 'Arena');
    await page.getByText(/^Level 2 ·/).waitFor({ timeout: 15_000 });
    expect(await stillUnreloaded(page)).toBe(true);
    await context.close();
  }, 240_000);
});
