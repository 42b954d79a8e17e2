import { PRACTICE_FIRST_WIN_REWARD } from '@titans/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledger } from '../apps/server/src/db/schema.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/*
 * A first session that wins (PF1–PF7): a new player goes through onboarding, opens the
 * Arena, fights the practice fight tapping the targets 4 times a second, and sees the first-win
 * reward. The bot's set-up is shortened (configuration only tests use); the intro keeps its timing.
 */
let server: RunningServer;
let browser: Browser;

const TAP_GAP_MS = 250;
const SMALL = { width: 320, height: 568 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { BATTLE_BOT_SETUP_MS: '500' } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A screenshot at 390×844 and one at 320×568 of the same moment. */
async function snapBoth(page: Page, step: string) {
  await snap(page, 'practice-fight', `${step}-390`);
  await page.setViewportSize(SMALL);
  await snap(page, 'practice-fight', `${step}-320`);
  await page.setViewportSize(PHONE);
}

/** The Arena lobby on a 320×568 phone: its first action lies wholly on the screen; a screenshot. */
async function lobbyOnSmallPhone(step: string, action: string) {
  const context = await newPhoneContext(browser, server.url, { viewport: SMALL });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto('/fight');
  await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor();
  const button = page.getByRole('button', { name: action });
  await expect
    .poll(async () => {
      const box = await button.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= SMALL.height;
    })
    .toBe(true);
  await snap(page, 'practice-fight', `${step}-320`);
  await context.close();
}

/** Taps the live target once if there is one; answers whether it did. */
async function tapTarget(page: Page): Promise<boolean> {
  const box = await page
    .getByTestId('battle-target')
    .boundingBox({ timeout: 200 })
    .catch(() => null);
  if (!box) return false;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return true;
}

describe('a first session that wins', () => {
  test('PF7 a new player finishes onboarding, wins the practice fight at 4 taps a second and sees the first-win reward', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    for (let slide = 0; slide < 4; slide++) {
      const last = slide === 3;
      if (slide === 1) {
        await page.getByText('Your first fight is a free practice').waitFor();
        await snapBoth(page, '1-intro-battle');
      }
      await page.getByRole('button', { name: last ? 'Start Game' : 'Next', exact: true }).click();
    }
    await page.getByRole('heading', { name: 'Choose Your Hero' }).waitFor();
    await page.getByRole('button', { pressed: false }).filter({ hasText: 'Lv' }).first().click();
    await page.getByRole('button', { name: 'Start Adventure' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Arena' }).click();

    const lobby = page.locator('[data-testid="arena-lobby"][data-status="connected"]');
    await lobby.waitFor();
    const practice = page.getByRole('button', { name: 'Practice fight' });
    await practice.waitFor();
    expect(await page.getByTestId('arena-stake').textContent()).toBe('Free: no stake · First win +3,000');
    expect(await storedCoins(server.titans)).toBe(0);
    await snap(page, 'practice-fight', '2-lobby-390');
    await lobbyOnSmallPhone('2-lobby', 'Practice fight');

    await practice.click();
    await page.getByTestId('battle-view').waitFor();
    expect(await page.getByText('Dummy the Training Bot').first().isVisible()).toBe(true);
    const tip = page.getByTestId('practice-tip');
    await tip.waitFor({ timeout: 30_000 });
    expect(await tip.textContent()).toContain('tap the glowing targets');
    await page.getByTestId('battle-target').waitFor({ timeout: 30_000 });
    await snap(page, 'practice-fight', '3-fight-first-tip-390', { animations: 'allow' });

    // 4 taps a second: one tap (or look) every 250 ms, paced from the first.
    const result = page.getByTestId('battle-result');
    let next = Date.now();
    let taps = 0;
    let comboShot = false;
    const began = Date.now();
    while (!(await result.isVisible())) {
      if (await tapTarget(page)) taps++;
      if (!comboShot && taps >= 8 && (await tip.textContent())?.includes('combo')) {
        comboShot = true;
        await snap(page, 'practice-fight', '4-fight-combo-tip-390', { animations: 'allow' });
        next = Date.now();
      }
      expect(Date.now() - began).toBeLessThan(120_000);
      next += TAP_GAP_MS;
      const wait = next - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
    }
    expect(comboShot).toBe(true);
    expect(taps / ((Date.now() - began) / 1000)).toBeLessThanOrEqual(4.2);

    await page.getByText('Victory!').first().waitFor();
    expect(await page.getByText('Free', { exact: true }).count()).toBe(1);
    const reward = page.getByTestId('first-win-reward');
    await reward.waitFor();
    expect(await reward.textContent()).toContain('First win reward +3,000');
    await page.getByTestId('confetti').waitFor({ state: 'detached', timeout: 10_000 });
    await snapBoth(page, '5-result');

    const userId = await devUserId(server.titans);
    const paid = await server.titans.database.db
      .select({ delta: ledger.delta })
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'practice-first-win')));
    expect(paid).toEqual([{ delta: PRACTICE_FIRST_WIN_REWARD }]);
    await expect.poll(() => storedCoins(server.titans)).toBe(PRACTICE_FIRST_WIN_REWARD);

    // Back in the lobby the practice is done: the staked battle is the first action again.
    await page.getByRole('button', { name: 'Next' }).click();
    await lobby.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start Battle' }).waitFor();
    await expect.poll(() => practice.count()).toBe(0);
    expect(await page.getByTestId('arena-stake').textContent()).toContain('Stake 5,000');
    await snap(page, 'practice-fight', '6-lobby-after-390');
    await lobbyOnSmallPhone('6-lobby-after', 'Start Battle');
    await context.close();
  }, 240_000);
});
