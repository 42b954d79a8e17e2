import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { exposure, settle } from './helpers/layout.ts';
import { giveCoins, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** The two phone sizes the layout walk checks. */
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
] as const;

/** Each screen of the walk, opened afresh in the pseudo-locale. */
const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'quests', path: '/tasks' },
  { name: 'quests-daily', path: '/tasks?tab=daily' },
  { name: 'invite', path: '/invite' },
  { name: 'leaderboard', path: '/leaderboard' },
  { name: 'arena', path: '/fight' },
  { name: 'emporium', path: '/marketplace' },
  { name: 'stars', path: '/diamonds' },
  { name: 'profile', path: '/profile' },
  { name: 'inventory', path: '/inventory' },
  { name: 'boost', path: '/boost' },
] as const;

let server: RunningServer;
let browser: Browser;
/** Texts the server owns (names, titles): shown as the catalogue files write them, in any language. */
let serverTexts: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 60_000, 'e2e:pseudo-walk');
  const rows = await server.titans.database.query<{ text: string }>(
    `select name as text from characters union select race from characters
     union select name from items union select title from tasks union select title from quizzes
     union select description from tasks union select description from quizzes
     union select name from diamond_packages union select coalesce(username, '') from users
     union select coalesce(first_name, '') from users`,
  );
  serverTexts = rows
    .map((row) => row.text)
    .filter((text) => text.trim() !== '')
    .sort((a, b) => b.length - a.length);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The visible texts with an English word left once every pseudo-translated message ("[…]") and
 * every server-owned name is taken out: a text some component wrote outside the catalogues.
 * Not words to translate, by what the page itself says of them: text marked `translate="no"` (an
 * address) and text marked as written in another language than the page's (a language's own name
 * in the picker).
 */
function untranslated(page: Page, known: string[]) {
  return page.evaluate((names) => {
    const pageLanguage = document.documentElement.lang;
    const skipped = (element: Element) =>
      element.closest('script, style, [aria-hidden="true"], [translate="no"]') !== null ||
      (element.closest('[lang]')?.getAttribute('lang') ?? pageLanguage) !== pageLanguage;
    /** An element's text without the parts skipped inside it. */
    const shownText = (element: Element) => {
      let text = '';
      const inner = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        if (node.parentElement && !skipped(node.parentElement)) text += node.textContent ?? '';
      }
      return text;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || skipped(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || getComputedStyle(element).visibility === 'hidden') continue;
      let rest = shownText(element).replace(/\[[^\]]*\]/g, ' ');
      for (const name of names) rest = rest.split(name).join(' ');
      const words = rest.match(/[A-Za-z]{2,}/g);
      if (words) found.push(`${element.tagName.toLowerCase()}: ${words.join(' ')}`);
    }
    return [...new Set(found)];
  }, known);
}

describe('L-WEB4 the pseudo-locale: every text from the catalogues, nothing clipped, covered or wider than the screen', () => {
  for (const size of SIZES) {
    test(`L-WEB4 at ${size.width}×${size.height}`, async () => {
      const context = await newPhoneContext(browser, server.url, { viewport: size, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        const separator = screen.path.includes('?') ? '&' : '?';
        await page.goto(`${screen.path}${separator}lang=pseudo`);
        await page
          .locator('[data-testid="connection-dot"][data-status="connected"], main h1')
          .first()
          .waitFor();
        await page.locator('main h1, [data-testid="hero-tap"]').first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
        const label = `${size.width}x${size.height} ${screen.name}`;
        for (const text of await untranslated(page, serverTexts))
          problems.push(`${label}: not translated: ${text}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${label}: ${overflow} px wider than the screen`);
        const controls = page.locator(
          'main button:visible, main a[href]:visible, main [role="switch"]:visible, main [role="tab"]:visible, main input:not([type="hidden"]):visible',
        );
        const verdicts = await controls.evaluateAll(exposure, true);
        verdicts.forEach((verdict, index) => {
          if (verdict) problems.push(`${label}: control #${index + 1} ${verdict}`);
        });
        await page.evaluate(() => document.querySelector('main')?.scrollTo(0, 0));
        await snap(page, 'pseudo-walk', `${size.width}x${size.height}-${screen.name}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
