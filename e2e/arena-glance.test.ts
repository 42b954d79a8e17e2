import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openFight, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { giveCoins, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/*
 * Battles that read at a glance, as a player sees them. The bot's set-up is
 * shortened and the bot is offered after 2 s instead of 30 (configuration only tests use); the
 * intro and the battle keep the spec's timings, and the client follows the server's clock.
 */
let server: RunningServer;
let browser: Browser;

const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: {
        BATTLE_BOT_SETUP_MS: '500',
        BATTLE_TIME_LIMIT_MS: '90000',
        MATCHMAKING_BOT_OFFER_MS: '2000',
      },
    }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 50_000, 'e2e:arena-glance-coins');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Watches every frame from now on: each target's box against the arena's. Answers how many
 * distinct targets were seen and every frame where one was outside (rules W17).
 */
async function watchTargets(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const outside: string[] = [];
    Object.assign(window, { __targets: { seen, outside } });
    const frame = () => {
      const field = document.querySelector('[data-testid="arena-field"]');
      const target = document.querySelector<HTMLElement>('[data-testid="battle-target"]');
      if (field && target) {
        const a = field.getBoundingClientRect();
        const t = target.getBoundingClientRect();
        seen.add(`${target.dataset.targetId}@${Math.round(a.width)}x${Math.round(a.height)}`);
        // The lifetime bar hangs under the circle, its bottom 12 px below: it must be inside too.
        if (
          t.left < a.left - 0.5 ||
          t.top < a.top - 0.5 ||
          t.right > a.right + 0.5 ||
          t.bottom + 12 > a.bottom + 0.5
        )
          outside.push(`${JSON.stringify(t)} in ${JSON.stringify(a)}`);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () =>
    page.evaluate(() => {
      const { seen, outside } = (window as unknown as { __targets: { seen: Set<string>; outside: string[] } })
        .__targets;
      return { seen: [...seen], outside };
    });
}

/** Taps the live target at `perSecond` for `ms` from inside the page, as a fast thumb does. */
async function tapFast(page: Page, perSecond: number, ms: number) {
  await page.evaluate(
    ([rate, duration]) =>
      new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const target = document.querySelector('[data-testid="battle-target"]');
          target?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
        }, 1000 / rate);
        setTimeout(() => {
          clearInterval(timer);
          resolve();
        }, duration);
      }),
    [perSecond, ms] as const,
  );
}

/**
 * Watches every frame from now on: the damage numbers visible (as the player reads them, not yet
 * faded). Answers the most seen in one frame and every text seen. A frame-by-frame watch in the
 * page, not samples from the test: a screenshot on a loaded machine can take longer than a
 * number's 1.2 s life, and merged numbers then rose and faded between two samples.
 */
async function watchNumbers(page: Page) {
  await page.evaluate(() => {
    const state = { most: 0, texts: new Set<string>(), on: true };
    Object.assign(window, { __numbers: state });
    const frame = () => {
      if (!state.on) return;
      const visible = Array.from(document.querySelectorAll('[data-testid="damage-number"]')).filter(
        (span) => Number(getComputedStyle(span).opacity) > 0.05,
      );
      state.most = Math.max(state.most, visible.length);
      for (const span of visible) state.texts.add(span.textContent ?? '');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () =>
    page.evaluate(() => {
      const state = (window as unknown as { __numbers: { most: number; texts: Set<string>; on: boolean } })
        .__numbers;
      state.on = false;
      return { most: state.most, texts: [...state.texts] };
    });
}

async function exitBattle(page: Page) {
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await page.getByRole('dialog', { name: 'Exit Game' }).getByRole('button', { name: 'Exit' }).click();
  await page.getByTestId('battle-result').waitFor({ timeout: 30_000 });
}

describe('Arena at a glance', () => {
  test('W17 W18 F44 F45 F46 first battle: no Skip, no nav, targets inside at every size, merged numbers, the result in numbers', async () => {
    const context = await newPhoneContext(browser, server.url, { viewport: SIZES[0] });
    const page = await openFight(context);
    await startBattle(page, 'Player vs AI', 'arena-glance-1');
    await page.getByTestId('battle-view').waitFor({ timeout: 30_000 });
    // F45: mid-fight the nav is gone and the top bar's links do nothing.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByText('PREPARE FOR BATTLE').waitFor({ timeout: 30_000 });
    // F44: the player's first battle plays the whole intro, with no Skip.
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
    await snap(page, 'arena-glance', '1-intro-first-320');
    // The fighters' stats carry thousands separators, as the health bars do ("4,000").
    const intro = page.getByTestId('battle-intro');
    await intro.getByText('HEALTH', { exact: true }).waitFor();
    const figures = await intro.evaluate((element) =>
      element instanceof HTMLElement ? (element.innerText.match(/\d[\d,]*/g) ?? []) : [],
    );
    expect(figures.some((figure) => figure.length > 3)).toBe(true);
    for (const figure of figures) expect(figure).toMatch(/^\d{1,3}(,\d{3})*$/);
    for (const size of SIZES) {
      // The game opened on a phone (or tablet) of this size: it rejoins the running battle (F42).
      const sized = await newPhoneContext(browser, server.url, { viewport: size });
      const view = await sized.newPage();
      view.setDefaultTimeout(60_000);
      await view.goto('/fight');
      await view.getByTestId('battle-target').waitFor({ timeout: 30_000 });
      const report = await watchTargets(view);
      // Every frame for a second and a half at this size (the unit test covers every placement).
      await view.waitForTimeout(1_500);
      expect((await report()).seen.length).toBeGreaterThanOrEqual(1);
      expect((await report()).outside).toEqual([]);
      await snap(view, 'arena-glance', `2-target-${size.width}x${size.height}`);
      await sized.close();
    }

    // W18: 15 taps a second for 2 s: a few summed numbers, never a pile.
    const numbers = await watchNumbers(page);
    const tapping = tapFast(page, 15, 2_000);
    await page.waitForTimeout(900);
    await snap(page, 'arena-glance', '3-damage-numbers-320', { animations: 'allow' });
    await tapping;
    // The last hits' answers arrive and their number rises (DAMAGE_NUMBER_MS) before the count.
    await page.waitForTimeout(1_200);
    const { most, texts } = await numbers();
    expect(most).toBeLessThanOrEqual(5);
    for (const text of texts) expect(text).toMatch(/^-\d+( \d+ hits)?$/);
    expect(texts.some((text) => / \d+ hits$/.test(text))).toBe(true);

    await exitBattle(page);
    // F46: the result in numbers.
    for (const id of ['damage', 'hits', 'combo', 'duration', 'stake', 'payout'])
      await page.getByTestId(`summary-${id}`).waitFor();
    expect(await page.getByTestId('summary-stake').textContent()).toContain('−5,000');
    expect(
      Number((await page.getByTestId('summary-hits').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThan(5);
    await snap(page, 'arena-glance', '4-result-320');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.getByTestId('decision-countdown').textContent())
      .toMatch(/^Back to the Arena lobby in \d+s$/);
    await snap(page, 'arena-glance', '5-decision-320');
    await page.getByTestId('arena-lobby').waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  }, 240_000);

  test('F47 F45 F44 F46 the search offers a bot and starts none unasked; a queued player is never offered Forfeit Match; Skip from the second battle', async () => {
    const context = await newPhoneContext(browser, server.url, { viewport: SIZES[0] });
    const page = await openFight(context);
    await startBattle(page, 'Player vs Player', 'arena-glance-pvp');
    await page.getByTestId('matchmaking').waitFor();
    await page.getByTestId('bot-offer').waitFor({ timeout: 15_000 });
    // An expected outcome, not an error: no red banner.
    expect(await page.getByRole('alert').count()).toBe(0);
    await snap(page, 'arena-glance', '6-bot-offer-320');
    await page.getByRole('button', { name: 'Keep searching' }).click();
    await page.getByTestId('bot-offer').waitFor({ state: 'detached' });
    // The server starts no bot battle the player did not choose.
    await page.waitForTimeout(3_000);
    expect(await page.getByTestId('battle-view').count()).toBe(0);
    await page.getByText('Searching for any opponent').waitFor();

    // F45: the same player on a second screen (a 390×844 phone) while queued sees the search and
    // the offer, never Forfeit Match. A context of its own: the Telegram mock answers the viewport
    // the page opened with, so a resized page would keep the nav where 568 px put it.
    const phone = await newPhoneContext(browser, server.url, { viewport: SIZES[2] });
    const second = await phone.newPage();
    second.setDefaultTimeout(60_000);
    await second.goto('/fight');
    await second.getByTestId('matchmaking').waitFor({ timeout: 30_000 });
    await second.getByRole('button', { name: 'Cancel Matchmaking' }).waitFor();
    await second.getByTestId('bot-offer').waitFor({ timeout: 15_000 });
    expect(await second.getByText('Forfeit Match').count()).toBe(0);
    await snap(second, 'arena-glance', '6-bot-offer-390');

    // Fight a bot instead: only now a bot battle starts, the player's second: Skip is offered.
    await second.getByRole('button', { name: 'Fight a bot instead' }).click();
    // Skip shows until FIGHT! on both of the player's screens; the 320 one is captured with it,
    // then it is pressed on the 390 phone.
    await second.getByTestId('battle-view').waitFor({ timeout: 30_000 });
    const skip = second.getByRole('button', { name: 'Skip' });
    await skip.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await snap(page, 'arena-glance', '7-intro-skip-320');
    const pressedAt = Date.now();
    await skip.click();
    // F62: the server starts the fight at once: the first target comes, not a countdown to FIGHT!.
    await second.getByTestId('battle-target').waitFor({ timeout: 30_000 });
    expect(Date.now() - pressedAt).toBeLessThan(6_000);
    await snap(second, 'arena-glance', '8-skipped-390');
    await page.close();
    await tapFast(second, 8, 1_500);
    await exitBattle(second);
    // F46: a battle seen from its start knows its best combo.
    await second.getByTestId('summary-combo').waitFor();
    const combo = await second.getByTestId('summary-combo').textContent();
    expect(Number(combo?.replace(/\D/g, ''))).toBeGreaterThan(1);
    await snap(second, 'arena-glance', '9-result-combo-390');
    // The screenshot is the 390×844 phone's: its nav stands at the bottom of 844 px, not of 568.
    const nav = await second.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(Math.round((nav?.y ?? 0) + (nav?.height ?? 0))).toBeGreaterThan(SIZES[2].height - 40);
    await phone.close();
    await context.close();
  }, 240_000);
});
