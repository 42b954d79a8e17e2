import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInitData } from '../apps/server/src/auth/init-data.ts';
import { type FakeBotApi, startFakeBotApi } from '../apps/server/test/helpers/fake-bot-api.ts';
import { openFight, startBattle } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { giveCoins, giveItem, registerWithHero, storedCoins } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { installTelegramClient, TELEGRAM_THEME } from './helpers/telegram-client.ts';

/*
 * A new player's walk through the game, checked at two phone sizes (390x844, 320x568): each
 * test carries the rule it checks (W7, W18–W25) and keeps a screenshot of what it looked at.
 */
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
] as const;
const label = (size: { width: number; height: number }) => `${size.width}x${size.height}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits for every finite animation (a dialog rising, a page fading in) to end. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Why `locator`'s element is not seen whole where it is (null when it is): what covers it. */
async function coveredBy(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return 'has no size';
    for (const x of [box.left + 2, box.left + box.width / 2, box.right - 2])
      for (const y of [box.top + 2, box.top + box.height / 2, box.bottom - 2]) {
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight)
          return `off screen at (${Math.round(x)}, ${Math.round(y)})`;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === element || element.contains(hit)))
          return `covered at (${Math.round(x)}, ${Math.round(y)}) by <${hit?.tagName.toLowerCase()}> ${JSON.stringify((hit?.textContent ?? '').trim().slice(0, 40))}`;
      }
    return null;
  });
}

/**
 * Watches every frame from now on for elements matching `selector` drawn at half opacity or more
 * (as a player reads them): the most seen at once, every text, and every pair whose boxes overlap
 * by more than 2 px both ways. A watch in the page, frame by frame: samples from the test would
 * miss a pile that forms and fades between two of them.
 */
async function watchOverlaps(page: Page, selector: string) {
  await page.evaluate((query) => {
    const state = { most: 0, frames: 0, texts: new Set<string>(), overlaps: [] as string[], on: true };
    Object.assign(window, { __overlaps: state });
    // Every value a floating number takes, as the DOM takes it: frames are sparse on a busy machine.
    const values = new MutationObserver(() => {
      if (!state.on) return values.disconnect();
      for (const element of document.querySelectorAll(query)) {
        const text = (element.textContent ?? '').trim();
        if (text) state.texts.add(text);
      }
    });
    values.observe(document.body, { childList: true, characterData: true, subtree: true, attributes: true });
    const frame = () => {
      if (!state.on) return;
      state.frames++;
      const visible = Array.from(document.querySelectorAll(query)).filter(
        (element) => Number(getComputedStyle(element).opacity) >= 0.5,
      );
      state.most = Math.max(state.most, visible.length);
      const boxes = visible.map((element) => ({
        text: (element.textContent ?? '').trim(),
        box: element.getBoundingClientRect(),
      }));
      for (const { text } of boxes) state.texts.add(text);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!.box;
          const b = boxes[j]!.box;
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 2 && down > 2 && state.overlaps.length < 20)
            state.overlaps.push(
              `"${boxes[i]!.text}" at ${Math.round(a.left)},${Math.round(a.top)} and "${boxes[j]!.text}" at ${Math.round(b.left)},${Math.round(b.top)}`,
            );
        }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, selector);
  return () =>
    page.evaluate(() => {
      const state = (
        window as unknown as {
          __overlaps: { most: number; frames: number; texts: Set<string>; overlaps: string[]; on: boolean };
        }
      ).__overlaps;
      state.on = false;
      return { most: state.most, frames: state.frames, texts: [...state.texts], overlaps: state.overlaps };
    });
}

/**
 * Fingers landing `perSecond` times a second for `ms` on `selector`'s element, in the page's own
 * timer (the test's round trips could not keep the pace), each a few pixels from the last.
 */
async function tapFast(page: Page, selector: string, perSecond: number, ms: number) {
  await page.evaluate(
    ([query, rate, duration]) =>
      new Promise<void>((resolve) => {
        let tap = 0;
        const timer = setInterval(() => {
          const target = document.querySelector(query);
          if (!target) return;
          const box = target.getBoundingClientRect();
          const jitter = ((tap++ % 5) - 2) * 6;
          target.dispatchEvent(
            new PointerEvent('pointerdown', {
              bubbles: true,
              cancelable: true,
              clientX: box.left + box.width / 2 + jitter,
              clientY: box.top + box.height / 2 - jitter,
              pointerId: 1,
              isPrimary: true,
            }),
          );
        }, 1000 / rate);
        setTimeout(() => {
          clearInterval(timer);
          resolve();
        }, duration);
      }),
    [selector, perSecond, ms] as const,
  );
}

/** Exit, then Exit Game's Exit: the stake is forfeit and the result shows. */
async function leave(fight: Page, at: string) {
  try {
    await fight.getByRole('button', { name: 'Exit', exact: true }).click({ timeout: 15_000 });
    const exit = fight.getByRole('dialog', { name: 'Exit Game' });
    await exit.getByRole('button', { name: 'Exit', exact: true }).click({ timeout: 15_000 });
    await fight.getByTestId('battle-result').waitFor({ timeout: 30_000 });
  } catch (error) {
    await snap(fight, 'walk-list', `${at}-exit-failed`);
    throw error;
  }
}

/** Opens `route` inside the running app as its own links do (a history entry and popstate). */
async function openRoute(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2) }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

describe('the walk list on a development server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: { LEADERBOARD_REFRESH_SECONDS: '0' } });
  });

  afterAll(async () => {
    // A failed test leaves its pages open: their sockets would hold the server's close.
    for (const context of browser.contexts()) await context.close();
    await server?.close();
  });

  for (const size of SIZES) {
    test(`W25 at ${label(size)} the intro slides show the game's own art, no emoji`, async () => {
      const context = await newPhoneContext(browser, server.url, { viewport: size, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto('/');
      const intro = page.getByRole('region', { name: 'Introduction' });
      for (let slide = 1; slide <= 4; slide++) {
        await intro.locator('h1').waitFor();
        await settle(page);
        const art = intro.getByTestId('intro-art');
        expect(await art.count()).toBeGreaterThanOrEqual(3);
        // Every picture is a file of the game's art that loaded, drawn inside the screen.
        const pictures = await art.evaluateAll((images) =>
          images.map((image) => {
            const picture = image as HTMLImageElement;
            const box = picture.getBoundingClientRect();
            return {
              src: new URL(picture.src).pathname,
              loaded: picture.complete && picture.naturalWidth > 0,
              inside: box.left >= -1 && box.right <= window.innerWidth + 1 && box.top >= -1,
            };
          }),
        );
        for (const picture of pictures) {
          expect(picture.src).toMatch(/^\/art\//);
          expect(picture, picture.src).toMatchObject({ loaded: true, inside: true });
        }
        // No emoji picture left on the slide.
        expect(await intro.locator('img[src*="emoji"], [data-emoji]').count()).toBe(0);
        await snap(page, 'walk-list', `${label(size)}-intro-${slide}`);
        await intro.getByRole('button', { name: slide === 4 ? 'Start Game' : 'Next' }).click();
      }
      await context.close();
    });
  }

  describe('with a hero chosen', () => {
    beforeAll(async () => {
      await registerWithHero(server.url);
      // Enough for a Boost upgrade and the Arena's stake, not for Bongo (30,000) or Whiskers.
      await giveCoins(server.titans, 8_000, 'e2e:walk-list');
      for (const item of ['ember-dagger', 'twinfang-sabers', 'knights-helm', 'oak-buckler'])
        await giveItem(server.titans, item);
      // One rival, with a hero of their own: the podium's third place stays empty.
      await server.titans.database.query(
        `insert into users (telegram_user_id, username, first_name, coins, energy, referral_code,
                            referral_earnings, selected_character_id)
         values (900, 'rival_lyra', 'Rival', 1000, 1000, 'WALKLYRA', 5000, 'lyra-windrunner')`,
      );
    });

    for (const [index, size] of SIZES.entries()) {
      test(`W19 W20 W7 W21 W22 W24 W18 at ${label(size)}: names above prices, badges inside cards, readable taps, a confirmed upgrade, each player's hero`, async () => {
        const context = await newPhoneContext(browser, server.url, { viewport: size, deviceScaleFactor: 1 });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const at = label(size);
        await page.goto('/');
        await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();

        // W7: 15 taps a second on Home for 2 s: values never overlap.
        const floating = await watchOverlaps(page, '[data-testid="floating-value"][data-active="true"]');
        const tapping = tapFast(page, '[data-testid="hero-tap"]', 15, 2_000);
        await page.waitForTimeout(1_000);
        await snap(page, 'walk-list', `${at}-home-taps`, { animations: 'allow' });
        await tapping;
        await page.waitForTimeout(600);
        const home = await floating();
        expect(home.overlaps).toEqual([]);
        expect(home.most).toBeGreaterThanOrEqual(1);
        for (const text of home.texts) expect(text).toMatch(/^\+\d+$/);
        // Merged: a value is the sum of several taps (a tap earns 10, 11 in a combo). Two at least:
        // on a busy machine the page's 15-a-second timer can space taps past the merge window.
        expect(
          home.texts.some((text) => Number(text.slice(1)) >= 20),
          home.texts.join(' '),
        ).toBe(true);

        // W19: an unaffordable product's name is above the price panel and its shortfall note.
        await openRoute(page, '/marketplace');
        await page.getByTestId('shop-card').first().waitFor();
        for (const [category, race, name] of [
          [null, 'Ape', 'Bongo the Brawler'],
          [null, 'Cat', 'Whiskers the Swift'],
          ['Weapons', null, 'Arcane Wand'],
        ] as const) {
          if (category)
            await page
              .getByRole('tab', { name: category })
              .or(page.getByRole('button', { name: category, exact: true }))
              .first()
              .click();
          if (race) await page.getByRole('button', { name: race, exact: true }).click();
          await page.getByRole('button', { name, exact: true }).click();
          const heading = page.getByRole('heading', { name, level: 1 });
          await heading.waitFor();
          await page.getByTestId('shortfall').waitFor();
          await settle(page);
          expect(await coveredBy(heading), `${at} ${name}`).toBeNull();
          await snap(page, 'walk-list', `${at}-product-${name.split(' ')[0]!.toLowerCase()}`);
          await page.getByRole('button', { name: 'Back to the Emporium' }).click();
          await page.getByTestId('shop-card').first().waitFor();
        }
        // W24: the Emporium's tab says Armor, as Select Items' group does below.
        await page
          .getByRole('tab', { name: 'Armor' })
          .or(page.getByRole('button', { name: 'Armor', exact: true }))
          .first()
          .waitFor();

        // W21: Buy on a Boost upgrade asks first, with its cost and effect; Cancel spends nothing.
        await openRoute(page, '/boost');
        await page.getByRole('article', { name: 'Multitap' }).waitFor();
        const coinsBefore = await storedCoins(server.titans);
        await page.getByRole('button', { name: 'Buy Multitap' }).click();
        const confirm = page.getByRole('dialog', { name: 'Upgrade Multitap?' });
        await confirm.waitFor();
        await confirm.getByText('2,000').first().waitFor();
        await confirm.getByText('×2 per tap').waitFor();
        await settle(page);
        await snap(page, 'walk-list', `${at}-boost-confirm`);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
        expect(await storedCoins(server.titans)).toBe(coinsBefore);
        await page.getByRole('article', { name: 'Multitap' }).getByText('Lv 0/9').waitFor();

        // W22: each player's own hero on the podium; an empty place says so, never "— 0".
        await server.titans.leaderboard.refresh();
        await openRoute(page, '/leaderboard');
        await page.getByTestId('podium-1').waitFor();
        const heroOf = (place: number) =>
          page.getByTestId(`podium-${place}`).getByTestId('rank-picture').getAttribute('src');
        await expect.poll(() => heroOf(1)).toBe('/art/characters/lyra-windrunner.svg');
        expect(await heroOf(2)).toBe('/art/characters/aldric-dawnblade.svg');
        const third = page.getByTestId('podium-3');
        expect(await third.getByTestId('podium-open').textContent()).toBe('Open spot');
        expect(await third.textContent()).not.toContain('—');
        expect(await third.locator('img[src="/art/ui/coin.svg"]').count()).toBe(0);
        // The own row shows the player's hero too.
        await expect
          .poll(() => page.getByTestId('own-rank').getByTestId('rank-picture').getAttribute('src'))
          .toBe('/art/characters/aldric-dawnblade.svg');
        await settle(page);
        await snap(page, 'walk-list', `${at}-leaderboard`);

        // W20: Select Items keeps a chosen card's ring and check badge inside its scroll box.
        await openRoute(page, '/fight');
        await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor();
        await page.getByRole('button', { name: 'Select Items' }).first().click();
        const items = page.getByRole('dialog', { name: 'Select Items' });
        // W24: the spec's group names, one spelling of armor.
        await items.getByRole('heading', { name: 'Armor', exact: true }).waitFor();
        for (const name of ['Ember Dagger', 'Twinfang Sabers', "Knight's Helm"])
          await items.getByRole('button', { name, exact: true }).click();
        await items.getByText('3 of 3 items selected').waitFor();
        await settle(page);
        const clipped = await items.locator('button[aria-pressed="true"]').evaluateAll((cards) =>
          cards.flatMap((card) => {
            const problems: string[] = [];
            const box = card.getBoundingClientRect();
            const badge = card.querySelector('svg')?.parentElement?.getBoundingClientRect();
            if (!badge) problems.push(`${card.getAttribute('aria-label')}: no badge`);
            else if (badge.left < box.left || badge.top < box.top || badge.right > box.right)
              problems.push(`${card.getAttribute('aria-label')}: badge outside the card`);
            // The nearest scroll box clips: the card and its 2 px ring stay inside it.
            let scroller = card.parentElement;
            while (scroller && getComputedStyle(scroller).overflowY === 'visible')
              scroller = scroller.parentElement;
            const clip = scroller?.getBoundingClientRect();
            if (
              clip &&
              (box.left - 2 < clip.left || box.right + 2 > clip.left + (scroller?.clientWidth ?? 0))
            )
              problems.push(`${card.getAttribute('aria-label')}: ring outside the list`);
            return problems;
          }),
        );
        expect(clipped).toEqual([]);
        await snap(page, 'walk-list', `${at}-select-items`);
        await items.getByRole('button', { name: 'Cancel' }).click();
        await items.waitFor({ state: 'detached' });
        await context.close();
      }, 240_000);

      test(`W18 at ${label(size)} 15 taps a second on the Arena's targets: damage numbers never overlap`, async () => {
        const at = label(size);
        await giveCoins(server.titans, 6_000, `e2e:walk-list-stake-${index}`);
        const context = await newPhoneContext(browser, server.url, { viewport: size });
        const fight = await openFight(context);
        await startBattle(fight, 'Player vs AI', `walk-list-${at}`);
        // From the second battle the intro can be skipped.
        const skip = fight.getByRole('button', { name: 'Skip' });
        const target = fight.getByTestId('battle-target');
        await Promise.race([
          target.waitFor({ timeout: 60_000 }),
          skip.waitFor({ timeout: 60_000 }).then(() => skip.click({ timeout: 5_000 }).catch(() => undefined)),
        ]);
        await target.waitFor({ timeout: 60_000 });
        const numbers = await watchOverlaps(fight, '[data-testid="damage-number"]');
        const hitting = tapFast(fight, '[data-testid="battle-target"]', 15, 2_500);
        await fight.waitForTimeout(1_200);
        await snap(fight, 'walk-list', `${at}-damage-numbers`, { animations: 'allow' });
        await hitting;
        await fight.waitForTimeout(1_300);
        const battle = await numbers();
        // Leave first, so a failure here does not leave the next test a battle to rejoin.
        await leave(fight, at);
        expect(battle.overlaps).toEqual([]);
        expect(
          battle.texts.some((text) => / \d+ hits$/.test(text)),
          battle.texts.join(' '),
        ).toBe(true);
        await context.close();
      }, 180_000);
    }
  });
});

describe('W23 in Telegram without payments', () => {
  const TOKEN = '4747:walk-list-e2e-token-without-payments';
  let server: RunningServer;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    // A bot token and no webhook secret: Telegram's sign-in works, Stars invoices cannot be paid.
    server = await startServer({ env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: botApi.url } });
  });

  afterAll(async () => {
    for (const context of browser.contexts()) await context.close();
    await server?.close();
    await botApi?.close();
  });

  for (const size of SIZES) {
    test(`W23 at ${label(size)} the Stars packages say they are not for sale, with no buy button`, async () => {
      const initData = signInitData({ id: 4747, first_name: 'Walker', username: 'walker' }, TOKEN);
      const headers = { Authorization: `tma ${initData}`, 'Content-Type': 'application/json' };
      const registered = await fetch(`${server.url}/v1/user/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ telegram_user_id: '4747' }),
      });
      expect(registered.ok).toBe(true);
      await fetch(`${server.url}/v1/user/4747/select-character`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ characterId: 'aldric-dawnblade' }),
      });
      const methods = await fetch(`${server.url}/v1/diamonds/payment-methods`, { headers });
      expect((await methods.json()).data).toEqual({ stars: null, ton: false });

      const context = await newPhoneContext(browser, server.url, { viewport: size, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await installTelegramClient(page);
      const launch = new URLSearchParams([
        ['tgWebAppData', initData],
        ['tgWebAppVersion', '8.0'],
        ['tgWebAppPlatform', 'android'],
        ['tgWebAppThemeParams', JSON.stringify(TELEGRAM_THEME)],
      ]);
      await page.goto(`/diamonds#${launch.toString()}`);
      await page.getByRole('heading', { name: 'Stars', level: 1 }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: 'Buying Stars is not available right now.' })
        .waitFor();
      const cards = page.locator('button[data-testid^="package-"]');
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(await page.getByTestId('package-unavailable').count()).toBe(count);
      // No price reads as a buy button: no Telegram Star price on any card.
      expect(await cards.filter({ hasText: /★|\d+\s*$/ }).count()).toBe(0);
      await settle(page);
      await snap(page, 'walk-list', `${label(size)}-stars-unavailable`);
      // Opened, a package offers no Buy either.
      await page
        .getByRole('button', { name: /^Sack of Stars/ })
        .first()
        .click();
      const pack = page.getByRole('dialog', { name: 'Sack of Stars' });
      await pack.waitFor();
      expect(await pack.getByRole('button', { name: /^Buy / }).count()).toBe(0);
      await pack
        .getByRole('status')
        .filter({ hasText: 'Buying Stars is not available right now.' })
        .waitFor();
      await settle(page);
      await snap(page, 'walk-list', `${label(size)}-stars-package-unavailable`);
      await context.close();
    });
  }
});
