import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInitData } from '../apps/server/src/auth/init-data.ts';
import { DEV_BOT_TOKEN } from '../apps/server/src/config/config.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { installTelegramClient, TELEGRAM_THEME } from './helpers/telegram-client.ts';

let server: RunningServer;
let browser: Browser;

/** A Telegram player who speaks `languageCode`, signed as Telegram would (development token). */
function initDataFor(id: number, languageCode: string): string {
  return signInitData(
    {
      id,
      first_name: 'Lang',
      last_name: languageCode,
      username: `lang_${languageCode}`,
      language_code: languageCode,
    },
    DEV_BOT_TOKEN,
  );
}

async function call(initData: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: {
      Authorization: `tma ${initData}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Registers the player and picks the first free hero through the API, as onboarding would. */
async function registerPlayer(id: number, languageCode: string): Promise<string> {
  const initData = initDataFor(id, languageCode);
  await call(initData, 'POST', '/user/register', { telegram_user_id: String(id) });
  const list = await call(initData, 'GET', '/characters?limit=100&skip=0');
  const hero = list.characters.find((character: { is_free: boolean }) => character.is_free);
  await call(initData, 'POST', `/user/${id}/select-character`, { characterId: hero._id });
  return initData;
}

/** The address Telegram opens for this player: the app with launch parameters in its hash. */
function launchUrl(initData: string, path = '/'): string {
  const params = new URLSearchParams([
    ['tgWebAppData', initData],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'android'],
    ['tgWebAppThemeParams', JSON.stringify(TELEGRAM_THEME)],
  ]);
  return `${path}#${params.toString()}`;
}

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

async function openAs(initData: string, path: string, viewport = { width: 390, height: 844 }) {
  const context = await newPhoneContext(browser, server.url, { viewport });
  const page = await context.newPage();
  await installTelegramClient(page);
  await page.goto(launchUrl(initData, path));
  return { context, page };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the player reads the game in their language', () => {
  test('L-WEB1 a Telegram player with language_code ru sees the screens in Russian (lang="ru", left to right)', async () => {
    const initData = await registerPlayer(70000001, 'ru');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      const { context, page } = await openAs(initData, '/', viewport);
      await page.getByTestId('hero-tap').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'ru', dir: 'ltr' });
      await page.getByRole('link', { name: 'Доска заданий' }).waitFor();
      expect(await page.getByText('Энергия', { exact: true }).count()).toBeGreaterThan(0);
      await snap(page, 'i18n', `ru-home-${viewport.width}x${viewport.height}`);
      await page.goto(launchUrl(initData, '/profile'));
      await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
      await snap(page, 'i18n', `ru-profile-${viewport.width}x${viewport.height}`);
      await context.close();
    }
  });

  test('L-WEB2 a Telegram player with language_code fa sees the screens in Persian, right to left', async () => {
    const initData = await registerPlayer(70000002, 'fa');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      const { context, page } = await openAs(initData, '/', viewport);
      await page.getByTestId('hero-tap').waitFor();
      expect(await documentLanguage(page)).toEqual({ lang: 'fa', dir: 'rtl' });
      await page.getByRole('link', { name: 'تابلوی مأموریت‌ها' }).waitFor();
      await snap(page, 'i18n', `fa-home-${viewport.width}x${viewport.height}`);
      await page.goto(launchUrl(initData, '/profile'));
      await page.getByRole('heading', { name: 'نمایه', level: 1 }).waitFor();
      await snap(page, 'i18n', `fa-profile-${viewport.width}x${viewport.height}`);
      await context.close();
    }
  });

  test('L-WEB3 Profile switches the language at once; it survives a reload and follows the player to a second device', async () => {
    const initData = await registerPlayer(70000003, 'ru');
    const { context, page } = await openAs(initData, '/profile');
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Язык' }).click();
    await page.getByTestId('language-fa').click();
    await page.getByRole('heading', { name: 'نمایه', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'fa', dir: 'rtl' });
    // Kept on the account: the user's answer says so.
    await expect.poll(async () => (await call(initData, 'GET', '/user/70000003')).language).toBe('fa');

    await page.reload();
    await page.getByRole('heading', { name: 'نمایه', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'fa', dir: 'rtl' });

    // Another device: nothing stored in its browser, Telegram still says ru.
    const second = await openAs(initData, '/profile');
    await second.page.getByRole('heading', { name: 'نمایه', level: 1 }).waitFor();
    expect(await documentLanguage(second.page)).toEqual({ lang: 'fa', dir: 'rtl' });

    // And back to English on the second device: the spec's texts.
    await second.page.getByRole('button', { name: 'زبان' }).click();
    await second.page.getByTestId('language-en').click();
    await second.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await documentLanguage(second.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await second.context.close();
    await context.close();
  });
});
