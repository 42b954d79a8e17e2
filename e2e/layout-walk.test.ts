import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { exposure, settle } from './helpers/layout.ts';
import { giveCoins, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** The phones and the tablet of issue 33; screenshots are kept at the two sizes it names. */
const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;
const SNAPPED = new Set(['320x568', '390x844']);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { LEADERBOARD_REFRESH_SECONDS: '0' } }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  // Enough for every price the walk opens (the Arena's stake, a character's confirm step).
  await giveCoins(server.titans, 60_000, 'e2e:layout-walk');
  // A full podium and list, so the pinned own row has something to cover.
  for (let index = 0; index < 10; index++) {
    await server.titans.database.query(
      `insert into users (telegram_user_id, username, first_name, coins, energy, referral_code, referral_earnings)
       values ($1, $2, $3, $4, 1000, $5, $6)`,
      [800 + index, `rival_${index}`, `Rival ${index}`, 90_000 - index * 7_000, `WALK${index}`, 0],
    );
  }
  await server.titans.leaderboard.refresh();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

class Walk {
  readonly problems: string[] = [];
  constructor(
    readonly page: Page,
    readonly size: { width: number; height: number },
  ) {}

  get label() {
    return `${this.size.width}x${this.size.height}`;
  }

  /**
   * Each of `locator`'s elements must be exposed: scrolled to, unless `scroll` is false; with
   * `within` the page has that long to bring it into view itself (a smooth scroll).
   */
  async expose(screen: string, what: string, locator: Locator, { scroll = true, within = 0 } = {}) {
    await locator.first().waitFor();
    await settle(this.page);
    let verdicts = await locator.evaluateAll(exposure, scroll);
    for (const until = Date.now() + within; verdicts.some(Boolean) && Date.now() < until; ) {
      await this.page.waitForTimeout(100);
      verdicts = await locator.evaluateAll(exposure, scroll);
    }
    verdicts.forEach((verdict, index) => {
      if (verdict)
        this.problems.push(
          `${this.label} ${screen}: ${what}${verdicts.length > 1 ? ` #${index + 1}` : ''} ${verdict}`,
        );
    });
  }

  /** Every button, link, switch and field on the page (or in the open dialog), scrolled to in turn. */
  async exposeControls(screen: string, scope: Locator) {
    const controls = scope.locator(
      'button:visible, a[href]:visible, [role="switch"]:visible, [role="tab"]:visible, input:not([type="hidden"]):visible',
    );
    await this.expose(screen, 'control', controls);
  }

  /**
   * Each of `locator`'s elements shows its text whole: no ellipsis cutting it and, with `oneLine`,
   * no line break inside it (its text's line boxes all share one top).
   */
  async textWhole(screen: string, what: string, locator: Locator, { oneLine = false } = {}) {
    const verdicts = await locator.evaluateAll((elements, single) => {
      // A line box starts half a line or more below every one seen before.
      const lines = (element: Element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 0 && tops.every((top) => Math.abs(rect.top - top) >= rect.height / 2))
              tops.push(rect.top);
          }
        }
        return tops.length;
      };
      return elements.map((element) => {
        if (element.scrollWidth > element.clientWidth + 1)
          return `is cut: ${element.scrollWidth} px of text in ${element.clientWidth}`;
        const count = single ? lines(element) : 1;
        return count > 1 ? `wraps onto ${count} lines` : null;
      });
    }, oneLine);
    verdicts.forEach((verdict, index) => {
      if (verdict) this.problems.push(`${this.label} ${screen}: ${what} #${index + 1} ${verdict}`);
    });
  }

  async shot(screen: string) {
    await settle(this.page);
    // The house banner under the nav says its whole line at every width (D-UI-3).
    const banner = this.page.getByTestId('ad-title');
    if (await banner.count()) await this.textWhole(screen, 'banner title', banner);
    // As the player first sees it: the page and any sideways list (the tab bars) at their start.
    await this.page.evaluate(() => {
      document.querySelector('main')?.scrollTo(0, 0);
      for (const element of document.querySelectorAll('main *')) {
        if (element.scrollLeft > 0) element.scrollLeft = 0;
      }
    });
    if (SNAPPED.has(this.label)) await snap(this.page, 'layout-walk', `${this.label}-${screen}`);
  }
}

/**
 * Opens `route` inside the running app, as its own links do (a history entry and popstate), so
 * the walk does not load the whole app again for every screen.
 */
async function openRoute(page: Page, route: string, heading: string | RegExp) {
  await page.evaluate((to) => {
    const entry = { usr: null, key: Math.random().toString(36).slice(2), idx: window.history.length };
    window.history.pushState(entry, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
}

describe('W15 nothing a player needs is hidden under the navigation or a sticky panel', () => {
  let quizQuestion = 0;
  for (const size of SIZES) {
    test(`W15 at ${size.width}×${size.height} every screen and dialog keeps its actions, the quiz's feedback and the own row uncovered`, async () => {
      const context = await newPhoneContext(browser, server.url, {
        viewport: size,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const walk = new Walk(page, size);
      const main = page.locator('main');

      // Home and the Titans Realm picker.
      await page.goto('/');
      await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
      await walk.expose('home', 'hero', page.getByTestId('hero-tap'), { scroll: false });
      await walk.exposeControls('home', main);
      await walk.shot('home');
      await page.getByRole('button', { name: 'Titans Realm' }).click();
      const realm = page.getByRole('dialog');
      await walk.exposeControls('titans-realm', realm);
      await walk.shot('home-titans-realm');
      await page.keyboard.press('Escape');
      await realm.waitFor({ state: 'detached' });

      // The Quest Board, each tab, and a quiz: Check, then the feedback and Next, with no scrolling.
      for (const tab of ['all', 'watch', 'quiz', 'community', 'daily', 'play']) {
        await openRoute(page, `/tasks?tab=${tab}`, 'Quest Board');
        await page.locator('main article, main [data-testid="empty-state"]').first().waitFor();
        await walk.exposeControls(`quests-${tab}`, main);
        await walk.shot(`quests-${tab}`);
      }
      await openRoute(page, '/tasks?tab=quiz', 'Quest Board');
      await page.getByRole('button', { name: /^(Start Quiz|Continue): Quiz: Titans Basics/ }).click();
      await page.getByText(`Question ${quizQuestion + 1} of 5`).waitFor();
      quizQuestion++;
      await page.getByRole('radio').last().click();
      // Choosing an answer brings Check into view.
      await walk.expose('quiz', 'Check', page.getByRole('button', { name: 'Check' }), {
        scroll: false,
        within: 3_000,
      });
      await walk.shot('quiz-chosen');
      await page.getByRole('button', { name: 'Check' }).click();
      const feedback = page.getByRole('status').filter({ hasText: /Correct!|Wrong answer/ });
      // The page scrolls them into view itself.
      await walk.expose('quiz', 'feedback', feedback, { scroll: false, within: 3_000 });
      await walk.expose('quiz', 'Next Question', page.getByRole('button', { name: 'Next Question' }), {
        scroll: false,
      });
      await settle(page);
      if (SNAPPED.has(walk.label)) await snap(page, 'layout-walk', `${walk.label}-quiz-feedback`);

      // Invites and the Leaderboard: the podium and the list are never under the pinned own row.
      await openRoute(page, '/invite', /^Invite/);
      await walk.exposeControls('invite', main);
      await walk.shot('invite');
      await openRoute(page, '/leaderboard', 'Leaderboard');
      await page.getByTestId('podium-1').waitFor();
      await walk.expose('leaderboard', 'own row', page.getByTestId('own-rank'), { scroll: false });
      // The podium is in sight as the page opens, whole, above the own row.
      for (const place of [1, 2, 3]) {
        await walk.expose('leaderboard', `podium ${place}`, page.getByTestId(`podium-${place}`), {
          scroll: false,
        });
      }
      await walk.expose('leaderboard', 'row', page.getByTestId('leaderboard-row'));
      await walk.shot('leaderboard');

      // The Arena: Start Battle on the first screen, then each of its dialogs.
      await openRoute(page, '/fight', 'Arena');
      const start = page.getByRole('button', { name: 'Start Battle' });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await walk.expose('arena', 'Start Battle', start, { scroll: false });
      // Issue 33: the two purple buttons keep their labels on one line, up to the 768 px tablet.
      for (const name of ['Change Character', 'Select Items'])
        await walk.textWhole('arena', name, page.getByRole('button', { name }), { oneLine: true });
      await walk.exposeControls('arena', main);
      await walk.shot('arena');
      for (const [opener, screen] of [
        ['Start Battle', 'arena-start'],
        ['Select Items', 'arena-items'],
        ['Change Character', 'arena-character'],
      ] as const) {
        await page.getByRole('button', { name: opener }).first().click();
        const dialog = page.getByRole('dialog');
        await walk.exposeControls(screen, dialog);
        await walk.shot(screen);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // The Emporium, a character's page (its stats and the price panel) and the confirm step.
      await openRoute(page, '/marketplace', 'Titans Emporium');
      await page.getByTestId('shop-card').first().waitFor();
      await walk.exposeControls('emporium', main);
      await walk.shot('emporium');
      await page.getByRole('button', { name: 'Ape', exact: true }).click();
      await page.getByRole('button', { name: 'Bongo the Brawler' }).click();
      await page.getByRole('heading', { name: 'Bongo the Brawler' }).waitFor();
      // The name shows above the price panel as the page opens; the stats are a scroll away.
      await walk.expose('character', 'name', page.getByRole('heading', { name: 'Bongo the Brawler' }), {
        scroll: false,
      });
      await walk.expose('character', 'stats', page.getByRole('region', { name: 'Stats' }));
      await walk.exposeControls('character', main);
      await walk.shot('character');
      await page.getByTestId('price-bar').getByRole('button').first().click();
      const confirm = page.getByRole('dialog');
      await walk.exposeControls('character-confirm', confirm);
      await walk.shot('character-confirm');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });

      // Stars, a package and its dialog.
      await openRoute(page, '/diamonds', 'Stars');
      await walk.exposeControls('stars', main);
      await walk.shot('stars');
      await page
        .getByRole('button', { name: /^Sack of Stars/ })
        .first()
        .click();
      const pack = page.getByRole('dialog', { name: 'Sack of Stars' });
      await walk.exposeControls('stars-package', pack);
      await walk.shot('stars-package');
      // Development mode without a bot: Buy opens the development invoice (D-STARS-14).
      await pack.getByRole('button', { name: /^Buy 150 Stars/ }).click();
      const invoice = page.getByRole('dialog', { name: 'Development payment' });
      await walk.exposeControls('stars-dev-invoice', invoice);
      await walk.shot('stars-dev-invoice');
      // Cancelling closes the purchase, as cancelling Telegram's sheet does.
      await invoice.getByRole('button', { name: 'Cancel' }).click();
      await invoice.waitFor({ state: 'detached' });
      await pack.waitFor({ state: 'detached' });

      // Profile (sound settings, achievements), Inventory, Boost.
      await openRoute(page, '/profile', 'Profile');
      await walk.exposeControls('profile', main);
      await walk.shot('profile');
      await page.getByRole('button', { name: 'Sound Settings' }).click();
      await walk.exposeControls('profile-sound', main);
      await walk.shot('profile-sound');
      await page.getByRole('button', { name: 'Achievements' }).click();
      await walk.exposeControls('profile-achievements', main);
      await walk.shot('profile-achievements');
      await openRoute(page, '/inventory', 'Inventory');
      await walk.exposeControls('inventory', main);
      await walk.shot('inventory');
      await openRoute(page, '/boost', 'Boost');
      await page.getByRole('article', { name: 'Multitap' }).waitFor();
      await walk.exposeControls('boost', main);
      await walk.shot('boost');

      expect(walk.problems).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
