import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptReadyCheck, openFight, registerRival, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, registerWithHero, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/*
 * No fight without the player (F48–F53, D-BATTLE-21), in Chromium: a player who leaves
 * the Arena is not searching any more, and a found match starts (and takes its stakes) only when
 * both players accept the ready check. Alice is the development player on a 390×844 phone; Carol
 * another Telegram user on a 320×568 one.
 */

let server: RunningServer;
let browser: Browser;
let alice: string;
let carol: string;
let carolPhone: () => Promise<BrowserContext>;
const CAROL = { id: 4_747, name: 'Carol', hero: 'grukk-skullsplitter', coins: 20_000 };
const SMALL = { width: 320, height: 568 };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The bot offer comes after 2 s, so "Keep searching" can be pressed as in the issue. The ready
    // check lasts a minute here: the test takes screenshots while it runs, on a busy machine.
    startServer({
      env: { MATCHMAKING_BOT_OFFER_MS: '2000', BATTLE_INTRO_MS: '1500', READY_CHECK_MS: '60000' },
    }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 20_000, 'e2e:ready-check-coins');
  alice = await devUserId(server.titans);
  // Carol's account (and coins) once, here; her phone per test.
  const rival = await registerRival(browser, server.titans, server.url, CAROL);
  carol = rival.userId;
  carolPhone = () => rival.open({ viewport: SMALL });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Coins and battle ledger rows of a player, from the database. */
async function money(userId: string) {
  const [row] = await server.titans.database.query<{ coins: string | number; stakes: string | number }>(
    `select u.coins, (select count(*) from ledger l where l.user_id = u.id and l.reason like 'battle-%') as stakes
       from users u where u.id = $1`,
    [userId],
  );
  return { coins: Number(row?.coins), battleRows: Number(row?.stakes) };
}

/** The search's elapsed seconds on the screen. */
async function elapsed(page: Page) {
  return Number((await page.getByTestId('matchmaking-elapsed').textContent())?.replace(/\D/g, ''));
}

describe('No fight without the player (F50–F53)', () => {
  test('F48 F50 the issue replayed: Alice searches, keeps searching, goes Home; Carol searches; Alice is not matched and keeps her coins', async () => {
    const aliceCoins = await money(alice);
    const contextA = await newPhoneContext(browser, server.url);
    const pageA = await openFight(contextA);
    await startBattle(pageA, 'Player vs Player', 'ready-check-leave');
    await pageA.getByTestId('matchmaking').waitFor();
    await pageA.getByTestId('matchmaking-stay').waitFor();
    await pageA.getByTestId('bot-offer').waitFor({ timeout: 15_000 });
    await pageA.getByRole('button', { name: 'Keep searching' }).click();
    expect(server.titans.battles.isQueued(alice)).toBe(true);
    await snap(pageA, 'ready-check-leave', '1-searching-390');
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    // Leaving the Arena ended the search (the client's cancel; the server would on a lost socket).
    await expect.poll(() => server.titans.battles.isQueued(alice), { timeout: 10_000 }).toBe(false);

    const contextC = await carolPhone();
    const pageC = await openFight(contextC);
    await startBattle(pageC, 'Player vs Player', 'ready-check-leave-carol');
    await pageC.getByTestId('matchmaking').waitFor();
    // Carol searches on, alone: three seconds of search find nobody, and nobody is asked.
    await expect.poll(() => elapsed(pageC), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(await pageC.getByRole('dialog', { name: 'Opponent found!' }).count()).toBe(0);
    expect(await pageA.getByRole('dialog', { name: 'Opponent found!' }).count()).toBe(0);
    expect(await money(alice)).toEqual(aliceCoins);
    expect(await storedCoins(server.titans)).toBe(aliceCoins.coins);
    await snap(pageA, 'ready-check-leave', '2-home-coins-kept-390');
    await pageC.getByRole('button', { name: 'Cancel Matchmaking' }).click();
    await pageC.getByTestId('arena-lobby').waitFor();
    await contextA.close();
    await contextC.close();
  }, 180_000);

  test('F49 F51 a found match asks both players; only when both accept does the battle start and take the stakes', async () => {
    const before = { a: await money(alice), c: await money(carol) };
    const contextA = await newPhoneContext(browser, server.url);
    const contextC = await carolPhone();
    const [pageA, pageC] = await Promise.all([openFight(contextA), openFight(contextC)]);
    await startBattle(pageA, 'Player vs Player', 'ready-check-accept');
    await pageA.getByTestId('matchmaking').waitFor();
    await startBattle(pageC, 'Player vs Player', 'ready-check-accept-carol');
    const dialogA = pageA.getByRole('dialog', { name: 'Opponent found!' });
    const dialogC = pageC.getByRole('dialog', { name: 'Opponent found!' });
    await Promise.all([dialogA.waitFor({ timeout: 30_000 }), dialogC.waitFor({ timeout: 30_000 })]);
    await dialogA.getByText('Carol').waitFor();
    await dialogA.getByText('taken only when you both accept').waitFor();
    await snap(pageA, 'ready-check', '1-found-390');
    await snap(pageC, 'ready-check', '1-found-320');
    // Found is not fighting: nothing is taken yet.
    expect(await money(alice)).toEqual(before.a);
    expect(await money(carol)).toEqual(before.c);

    await acceptReadyCheck(pageA);
    await dialogA.getByText('Waiting for Carol to accept').waitFor();
    await snap(pageA, 'ready-check', '2-accepted-waiting-390');
    expect(await money(alice)).toEqual(before.a);
    await acceptReadyCheck(pageC);
    await Promise.all([
      pageA.getByTestId('battle-view').waitFor({ timeout: 30_000 }),
      pageC.getByTestId('battle-view').waitFor({ timeout: 30_000 }),
    ]);
    await dialogA.waitFor({ state: 'detached' });
    // Both accepted: the stakes are taken, once each.
    expect(await money(alice)).toEqual({
      coins: before.a.coins - 5_000,
      battleRows: before.a.battleRows + 1,
    });
    expect(await money(carol)).toEqual({
      coins: before.c.coins - 5_000,
      battleRows: before.c.battleRows + 1,
    });
    await snap(pageC, 'ready-check', '3-battle-320');
    // A player who accepted and walks away forfeits, as before: Alice exits.
    await pageA.getByRole('button', { name: 'Exit', exact: true }).click();
    await pageA.getByRole('dialog', { name: 'Exit Game' }).getByRole('button', { name: 'Exit' }).click();
    await Promise.all([
      pageA.getByTestId('battle-result').waitFor({ timeout: 30_000 }),
      pageC.getByTestId('battle-result').waitFor({ timeout: 30_000 }),
    ]);
    await contextA.close();
    await contextC.close();
  }, 180_000);

  test('F49 F52 F53 a decline costs nothing: each player reads why, and the one who accepted searches on', async () => {
    const before = { a: await money(alice), c: await money(carol) };
    const contextA = await newPhoneContext(browser, server.url);
    const contextC = await carolPhone();
    const [pageA, pageC] = await Promise.all([openFight(contextA), openFight(contextC)]);
    await startBattle(pageA, 'Player vs Player', 'ready-check-decline');
    await pageA.getByTestId('matchmaking').waitFor();
    await startBattle(pageC, 'Player vs Player', 'ready-check-decline-carol');
    await acceptReadyCheck(pageA);
    const dialogC = pageC.getByRole('dialog', { name: 'Opponent found!' });
    await dialogC.waitFor({ timeout: 30_000 });
    await dialogC.getByRole('button', { name: 'Decline' }).click();
    const endedC = pageC.getByRole('dialog', { name: 'No battle' });
    await endedC.getByText('You declined the match. No coins were taken.').waitFor();
    const endedA = pageA.getByRole('dialog', { name: 'No battle' });
    await endedA.getByText('Your opponent did not accept. You are first in the queue again.').waitFor();
    await snap(pageC, 'ready-check', '4-declined-320');
    await snap(pageA, 'ready-check', '4-opponent-declined-390');
    expect(await money(alice)).toEqual(before.a);
    expect(await money(carol)).toEqual(before.c);
    // Carol is back in the lobby; Alice still searches, first in the queue.
    await endedC.getByRole('button', { name: 'OK' }).click();
    await pageC.getByTestId('arena-lobby').waitFor();
    await endedA.getByRole('button', { name: 'OK' }).click();
    await pageA.getByTestId('matchmaking').waitFor();
    expect(server.titans.battles.isQueued(alice)).toBe(true);
    await pageA.getByRole('button', { name: 'Cancel Matchmaking' }).click();
    await pageA.getByTestId('arena-lobby').waitFor();
    await contextA.close();
    await contextC.close();
  }, 180_000);
});
