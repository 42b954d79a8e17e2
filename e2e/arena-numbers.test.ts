import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { landHits, openFight, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { giveCoins, giveItem, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/*
 * The Arena's numbers, as a player sees them: one set of numbers from the lobby to the intro (F60), a Skip that
 * starts a bot battle at once (F62), and a time-out that says "Time's up" and why (F64). The bot's
 * set-up is shortened and the time limit is 8 s (configuration only tests use); the intro keeps
 * the spec's timings. The first battle (390×844) plays the spec's whole intro; the others skip.
 */
let server: RunningServer;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 320, height: 568 };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { BATTLE_BOT_SETUP_MS: '500', BATTLE_TIME_LIMIT_MS: '8000' } }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 60_000, 'e2e:arena-numbers-coins');
  await giveItem(server.titans, 'ember-dagger');
  await giveItem(server.titans, 'knights-helm');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** "HP 4,100 · ATK 83 · DEF 73" → { HP: 4100, ATK: 83, DEF: 73 }. */
function parseStats(text: string | null): Record<string, number> {
  const stats: Record<string, number> = {};
  for (const match of (text ?? '').matchAll(/(HP|ATK|DEF)\s([\d,]+)/g))
    stats[match[1] as string] = Number((match[2] as string).replace(/,/g, ''));
  return stats;
}

async function pickItems(page: Page) {
  await page.getByRole('button', { name: 'Select Items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Items' });
  await dialog.getByRole('button', { name: 'Ember Dagger' }).click();
  await dialog.getByRole('button', { name: "Knight's Helm" }).click();
  await dialog.getByRole('button', { name: /Confirm Selection/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The lobby's stats and Select Character's card for the selected hero agree (F60); answers them. */
async function lobbyAndCharacter(page: Page, size: string) {
  const line = page.getByTestId('lobby-hero-stats');
  await expect.poll(async () => (await line.textContent())?.includes('ATK')).toBe(true);
  await page.getByText('with level 1 and 2 items').waitFor();
  const lobby = parseStats(await line.textContent());
  await snap(page, 'arena-numbers', `1-lobby-${size}`);
  await page.getByRole('button', { name: 'Change Character' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Character' });
  await dialog.getByTestId('select-character-includes').waitFor();
  const card = dialog.locator('button[aria-pressed="true"]');
  expect(parseStats(await card.textContent())).toEqual(lobby);
  await snap(page, 'arena-numbers', `2-select-character-${size}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return lobby;
}

/** The intro shows the lobby's numbers for the player's side and says what they include (F60). */
async function introMatches(page: Page, lobby: Record<string, number>) {
  const intro = page.getByTestId('battle-intro');
  await intro.getByTestId('intro-stats-includes').waitFor({ timeout: 30_000 });
  const value = async (label: string) =>
    Number(((await intro.getByTestId(`intro-yours-${label}`).textContent()) ?? '').replace(/\D/g, ''));
  expect({ HP: await value('HEALTH'), ATK: await value('ATK'), DEF: await value('DEF') }).toEqual(lobby);
  expect(await intro.getByTestId('intro-stats-includes').textContent()).toContain(
    'Yours: level 1 · 2 items.',
  );
  // Both sides are named by hero, then by who plays it.
  await intro.getByText('You', { exact: true }).waitFor();
  await intro.getByText('Bot', { exact: true }).waitFor();
}

/**
 * A few hits (fewer if the 8 s run out first on a busy machine), then the limit decides: the
 * result says Time's up and why (F64).
 */
async function timeUp(page: Page, size: string) {
  await landHits(page, 6);
  const box = page.getByTestId('time-up');
  await box.waitFor({ timeout: 30_000 });
  expect(await box.textContent()).toMatch(/Time's up.*(more health left|same share of health left).*%/);
  await snap(page, 'arena-numbers', `5-time-up-${size}`);
}

describe("Arena numbers, Skip and Time's up (F60, F62, F64)", () => {
  test("F60 F62 F64 at 390×844: lobby = Select Character = intro (the whole intro, first battle), Time's up, then Skip starts the next fight at once", async () => {
    const context = await newPhoneContext(browser, server.url, { viewport: PHONE });
    const page = await openFight(context);
    await pickItems(page);
    const lobby = await lobbyAndCharacter(page, '390');

    // The first battle plays the spec's whole intro, with no Skip (F44).
    await startBattle(page, 'Player vs AI', 'arena-numbers-390');
    await introMatches(page, lobby);
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
    await snap(page, 'arena-numbers', '3-intro-390');
    await page.getByTestId('battle-target').waitFor({ timeout: 30_000 });
    // The HUD names both sides alike: the hero over the bar, who plays it beside the items.
    expect(await page.getByTestId('hud-player-left').textContent()).toBe('You');
    expect(await page.getByTestId('hud-player-right').textContent()).toBe('Bot');
    await snap(page, 'arena-numbers', '4-hud-390');
    await timeUp(page, '390');

    // The second battle offers Skip; pressed, the first target comes at once, not after the intro.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'New Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Battle' });
    await dialog.getByRole('tab', { name: 'Player vs AI' }).click();
    await dialog.getByRole('button', { name: 'Easy' }).click();
    await dialog.getByRole('button', { name: 'Start Battle' }).click();
    const skip = page.getByRole('button', { name: 'Skip' });
    await skip.waitFor({ timeout: 30_000 });
    const pressedAt = Date.now();
    await skip.click();
    await page.getByTestId('battle-target').waitFor({ timeout: 30_000 });
    // The intro would have held the target back for about 10 s.
    expect(Date.now() - pressedAt).toBeLessThan(4_000);
    await snap(page, 'arena-numbers', '6-skipped-390');
    await page.getByTestId('battle-result').waitFor({ timeout: 30_000 });
    await context.close();
  }, 240_000);

  test("F60 F62 F64 at 320×568: the same numbers, the intro with Skip, Skip, and Time's up", async () => {
    const context = await newPhoneContext(browser, server.url, { viewport: SMALL });
    const page = await openFight(context);
    // The choice of items is kept per page: choose them again on this phone.
    await pickItems(page);
    const lobby = await lobbyAndCharacter(page, '320');
    await startBattle(page, 'Player vs AI', 'arena-numbers-320');
    await introMatches(page, lobby);
    const skip = page.getByRole('button', { name: 'Skip' });
    await skip.waitFor({ timeout: 30_000 });
    await snap(page, 'arena-numbers', '3-intro-320');
    const pressedAt = Date.now();
    await skip.click();
    await page.getByTestId('battle-target').waitFor({ timeout: 30_000 });
    expect(Date.now() - pressedAt).toBeLessThan(4_000);
    await snap(page, 'arena-numbers', '4-hud-320');
    await timeUp(page, '320');
    await context.close();
  }, 240_000);
});
