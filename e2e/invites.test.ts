import {
  REFERRAL_FRIEND_REWARD,
  REFERRAL_INVITER_REWARD,
  REFERRAL_UPGRADE_PRICE_STARS,
} from '@titans/shared/constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInitData } from '../apps/server/src/auth/init-data.ts';
import { DEV_BOT_TOKEN } from '../apps/server/src/config/config.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: { BOT_USERNAME: 'titans_bot', MINI_APP_NAME: 'play', LEADERBOARD_REFRESH_SECONDS: '0' },
    }),
    launchBrowser(),
  ]);
  await registerWithHero(server.url);
  await giveCoins(server.titans, 1_200, 'e2e:invites-coins');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const FRIEND = { id: 3, first_name: 'Freya', username: 'freya_titan', language_code: 'en' };

/**
 * A second player's phone: the development Telegram imitation asks the server for init data of
 * the test user 00000002; this phone answers with data signed for another Telegram user instead,
 * with the start parameter of the link it opened, as Telegram would.
 */
async function friendPhone(): Promise<BrowserContext> {
  const context = await newPhoneContext(browser, server.url);
  await context.route('**/v1/dev/init-data**', async (route) => {
    const startParam = new URL(route.request().url()).searchParams.get('start_param') ?? undefined;
    const initData = signInitData(FRIEND, DEV_BOT_TOKEN, startParam ? { startParam } : {});
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 200,
        data: { init_data: initData, telegram_user_id: String(FRIEND.id) },
        message: 'Development init data',
      }),
    });
  });
  return context;
}

async function balance(page: Page): Promise<number> {
  return Number((await page.getByTestId('invite-balance').textContent())?.replace(/[^\d]/g, ''));
}

async function giveStars(amount: number) {
  const userId = await devUserId(server.titans);
  const result = await server.titans.gateway.change(userId, (money) =>
    money.apply({ userId, currency: 'gems', delta: amount, reason: 'e2e', idempotencyKey: 'e2e:stars' }),
  );
  if (!result.ok) throw new Error(result.code);
}

describe('Invites', () => {
  test('R1 a friend opens the link and picks a hero: the inviter sees them join and the balance rise', async () => {
    const inviterContext = await newPhoneContext(browser, server.url);
    await inviterContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Nothing reaches the internet: Telegram's share page is answered here.
    await inviterContext.route('https://t.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Share</title>' }),
    );
    const page = await inviterContext.newPage();
    await page.goto('/invite');
    await page.getByRole('heading', { name: 'Invite Titans to Get 2500 Tokens' }).waitFor();
    await page.getByText('No referral found').waitFor();
    const link = (await page.getByTestId('referral-link').textContent()) ?? '';
    expect(link).toMatch(/^https:\/\/t\.me\/titans_bot\/play\?startapp=buddies_[A-Z0-9]{8}$/);
    await expect.poll(() => balance(page)).toBe(1_200);
    await snap(page, 'invites', '1-empty');

    // Copy reads Copied for 2 s, and the clipboard holds the link.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 4_000 });

    // Invite opens Telegram's share sheet with the link.
    const [share] = await Promise.all([
      inviterContext.waitForEvent('page'),
      page.getByRole('button', { name: 'Invite a Friend' }).click(),
    ]);
    const shareUrl = new URL(share.url());
    expect(`${shareUrl.origin}${shareUrl.pathname}`).toBe('https://t.me/share/url');
    expect(shareUrl.searchParams.get('url')).toBe(link);
    await share.close();

    // The friend taps the link: Telegram opens the Mini App with start_param=buddies_<CODE>.
    const friendContext = await friendPhone();
    const friend = await friendContext.newPage();
    await friend.goto(`/?startapp=${new URL(link).searchParams.get('startapp')}`);
    await friend.getByRole('heading', { name: 'Welcome to Titans' }).waitFor();
    for (const label of ['Next', 'Next', 'Next', 'Start Game']) {
      await friend.getByRole('button', { name: label, exact: true }).click();
    }
    await friend.getByRole('button', { pressed: false }).filter({ hasText: 'Lv' }).first().click();
    // The inviter's toast lasts a few seconds: watch for it from before the friend's choice.
    const told = page
      .getByRole('status')
      .filter({ hasText: '@freya_titan joined your squad! +2.5K coins' })
      .waitFor({ timeout: 20_000 });
    await friend.getByRole('button', { name: 'Start Adventure' }).click();
    await friend.getByTestId('coin-total').waitFor();
    await expect
      .poll(async () => Number((await friend.getByTestId('coin-total').textContent())?.replace(/,/g, '')))
      .toBe(REFERRAL_FRIEND_REWARD);
    await snap(friend, 'invites', '2-friend-home');

    // The inviter is told at once (socket push), the balance rises and the list shows the friend.
    await told;
    await expect.poll(() => balance(page)).toBe(1_200 + REFERRAL_INVITER_REWARD);
    const row = page.getByTestId('referral-row').filter({ hasText: '@freya_titan' });
    await row.waitFor();
    expect(await row.textContent()).toContain('+2.5K');
    expect(await page.getByTestId('referral-count').textContent()).toBe('1');
    await row.scrollIntoViewIfNeeded();
    await snap(page, 'invites', '3-friend-joined');
    await friendContext.close();

    // D-UI-4: without enough Stars the price is disabled before any call, says what is missing
    // and links to the Stars screen; with 500 Stars (pushed by the socket) it enables and succeeds.
    const upgradeButton = page.getByRole('button', {
      name: `Upgrade for ${REFERRAL_UPGRADE_PRICE_STARS} Stars`,
    });
    await upgradeButton.waitFor();
    expect(await upgradeButton.isDisabled()).toBe(true);
    const panel = page.getByRole('region', { name: 'Upgrade referral bonus' });
    await panel.getByText(`Not enough Stars: ${REFERRAL_UPGRADE_PRICE_STARS} more needed.`).waitFor();
    expect(await panel.getByRole('link', { name: 'Buy Stars' }).getAttribute('href')).toBe('/diamonds');
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'invites', '4-upgrade-shortfall');
    await giveStars(REFERRAL_UPGRADE_PRICE_STARS + 50);
    await expect.poll(() => upgradeButton.isEnabled()).toBe(true);
    await panel.getByTestId('shortfall').waitFor({ state: 'detached' });
    await upgradeButton.click();
    const success = page
      .getByRole('status')
      .filter({ hasText: 'Referral bonus upgraded successfully to 5000 coins per referral' });
    await success.waitFor();
    await page.getByRole('region', { name: 'Upgrade referral bonus' }).waitFor({ state: 'detached' });
    await page.getByText('Upgraded bonus').waitFor();
    await snap(page, 'invites', '5-upgraded');
    // The success message is dismissed after 5 s.
    await success.waitFor({ state: 'detached', timeout: 8_000 });
    await inviterContext.close();
  });
});
