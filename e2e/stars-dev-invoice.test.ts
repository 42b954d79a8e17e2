import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledger } from '../apps/server/src/db/schema.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** D-STARS-14: development mode without a bot (no token, no webhook secret, no TON wallet). */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerWithHero(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const topBarStars = (page: Page) => page.getByRole('link', { name: /^Stars: / });

async function stars(page: Page) {
  await page.goto('/diamonds');
  await page.getByRole('heading', { name: 'Stars', level: 1 }).waitFor();
  await page.getByTestId('package-sack-of-stars').click();
  return page.getByRole('dialog', { name: 'Sack of Stars' });
}

const credits = async () =>
  (
    await server.titans.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, await devUserId(server.titans)), eq(ledger.reason, 'stars:telegram')))
  ).length;

describe('Stars in development mode', () => {
  test('S13 a package is bought through the labelled development invoice, credited once', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const detail = await stars(page);
    const balance = Number((await page.getByTestId('stars-balance').textContent())?.replace(/\D/g, '') || 0);
    const creditsBefore = await credits();
    // Only what can work is offered: no TON without a wallet, and the development note.
    await detail.getByText('Development mode: a test payment, no real Telegram Stars.').waitFor();
    expect(await detail.getByRole('button', { name: /^Pay .* TON$/ }).count()).toBe(0);
    await snap(page, 'stars-dev', '1-detail');

    const buy = detail.getByRole('button', { name: 'Buy 150 Stars for 143 Telegram Stars' });
    await buy.click();
    const sheet = page.getByRole('dialog', { name: 'Development payment' });
    await sheet.getByText('No real Telegram Stars are charged.').waitFor();
    await snap(page, 'stars-dev', '2-invoice');
    // Cancelling changes nothing and closes the purchase, as cancelling Telegram's sheet does.
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await sheet.waitFor({ state: 'detached' });
    await detail.waitFor({ state: 'detached' });
    expect(await credits()).toBe(creditsBefore);

    await page.getByTestId('package-sack-of-stars').click();
    await buy.click();
    await sheet.getByRole('button', { name: 'Pay 143 Telegram Stars (development)' }).click();
    const success = page.getByRole('dialog', { name: 'Purchase Successful!' });
    await success.getByText('+150').waitFor();
    await expect.poll(() => page.getByTestId('stars-balance').textContent()).toBe(String(balance + 150));
    // The socket pushed the balance to the top bar too, without a reload.
    await expect.poll(() => topBarStars(page).getAttribute('aria-label')).toBe(`Stars: ${balance + 150}`);
    await snap(page, 'stars-dev', '3-success');
    expect(await credits()).toBe(creditsBefore + 1);
    await success.getByRole('button', { name: 'Awesome!' }).click();
    await success.waitFor({ state: 'detached' });
    await context.close();
  });

  test('S13 the development invoice at 320×568', async () => {
    const context = await newPhoneContext(browser, server.url, { viewport: { width: 320, height: 568 } });
    const page = await context.newPage();
    const detail = await stars(page);
    await snap(page, 'stars-dev', '320-1-detail');
    await detail.getByRole('button', { name: 'Buy 150 Stars for 143 Telegram Stars' }).click();
    const sheet = page.getByRole('dialog', { name: 'Development payment' });
    await sheet.getByRole('button', { name: 'Cancel' }).waitFor();
    await snap(page, 'stars-dev', '320-2-invoice');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});
