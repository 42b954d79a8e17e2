import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type FakeBotApi,
  postWebhook,
  preCheckoutUpdate,
  startFakeBotApi,
  successfulPaymentUpdate,
} from '../apps/server/test/helpers/fake-bot-api.ts';
import {
  type FakeTonApi,
  randomTonAddress,
  startFakeTonApi,
} from '../apps/server/test/helpers/fake-ton-api.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const SECRET = 'e2e-stars-webhook-secret-0123';
const WALLET = randomTonAddress();
/** The development player. */
const DEV_PLAYER = 2;

let server: RunningServer;
let browser: Browser;
let botApi: FakeBotApi;
let chain: FakeTonApi;

beforeAll(async () => {
  [botApi, chain, browser] = await Promise.all([startFakeBotApi(), startFakeTonApi(), launchBrowser()]);
  server = await startServer({
    env: {
      TELEGRAM_API_ROOT: botApi.url,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TON_API_ROOT: chain.url,
      TON_WALLET_ADDRESS: WALLET,
    },
  });
  await registerWithHero(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await botApi?.close();
  await chain?.close();
});

const topBarStars = (page: Page) => page.getByRole('link', { name: /^Stars: / });

async function openStars(page: Page) {
  await page.goto('/');
  await page.locator('[data-testid="connection-dot"][data-status="connected"]').waitFor();
  await topBarStars(page).click();
  await page.getByRole('heading', { name: 'Stars', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/diamonds');
}

describe('Stars', () => {
  test('S3 a package bought with Telegram Stars raises the balance without a reload and is listed', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await openStars(page);
    await expect.poll(() => page.getByTestId('stars-balance').textContent()).toBe('0');
    await page.getByRole('tab', { name: 'View Packages', selected: true }).waitFor();
    await page.getByPlaceholder('Search stars deposit packages...').waitFor();
    await page.getByRole('list', { name: 'How to buy Stars' }).waitFor();
    for (const id of ['pouch-of-stars', 'sack-of-stars', 'treasury-of-the-titans']) {
      await page.getByTestId(`package-${id}`).waitFor({ state: 'visible' });
    }
    await page.getByTestId('package-sack-of-stars').getByText('-5%').waitFor();
    await snap(page, 'stars', '1-packages');

    // Search is case-insensitive on name or description.
    await page.getByPlaceholder('Search stars deposit packages...').fill('DRAGON');
    await page.getByTestId('package-hoard-of-stars').waitFor();
    await page.getByTestId('package-sack-of-stars').waitFor({ state: 'detached' });
    await snap(page, 'stars', '2-search');
    await page.getByPlaceholder('Search stars deposit packages...').fill('');

    await page.getByTestId('package-sack-of-stars').click();
    const detail = page.getByRole('dialog', { name: 'Sack of Stars' });
    await detail.getByText('150', { exact: true }).waitFor();
    await snap(page, 'stars', '3-detail');

    const invoicesBefore = botApi.callsOf('createInvoiceLink').length;
    await detail.getByRole('button', { name: 'Buy 150 Stars for 143 Telegram Stars' }).click();
    // Telegram's payment sheet (the development mock of openInvoice).
    const sheet = page.getByRole('dialog', { name: 'Telegram payment (development)' });
    await sheet.waitFor();
    expect(botApi.callsOf('createInvoiceLink').length).toBe(invoicesBefore + 1);
    const invoice = botApi.callsOf('createInvoiceLink').at(-1)!.body;
    expect(invoice).toMatchObject({ currency: 'XTR', provider_token: '', prices: [{ amount: 143 }] });
    // A second tap while the invoice is open does nothing.
    const buy = detail.getByRole('button', { name: 'Buy 150 Stars for 143 Telegram Stars' });
    expect(await buy.isDisabled()).toBe(true);
    await buy.dispatchEvent('click');
    await snap(page, 'stars', '4-invoice-open');

    // Telegram asks the bot, then tells it the payment went through.
    const payload = String(invoice.payload);
    const answersBefore = botApi.callsOf('answerPreCheckoutQuery').length;
    const check = await postWebhook(
      server.url,
      preCheckoutUpdate({ fromId: DEV_PLAYER, payload, amount: 143 }),
      SECRET,
    );
    expect(check.status).toBe(200);
    expect(botApi.callsOf('answerPreCheckoutQuery').length).toBe(answersBefore + 1);
    expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)!.body.ok).toBe(true);
    const chargeId = `stxE2E${randomBytes(8).toString('hex')}`;
    const paid = await postWebhook(
      server.url,
      successfulPaymentUpdate({ fromId: DEV_PLAYER, payload, amount: 143, chargeId }),
      SECRET,
    );
    expect(paid.status).toBe(200);
    // The socket pushes the new balance: the top bar and the header rise without a reload.
    await expect.poll(() => topBarStars(page).getAttribute('aria-label')).toBe('Stars: 150');
    await expect.poll(() => page.getByTestId('stars-balance').textContent()).toBe('150');

    // Telegram closes its sheet with "paid".
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    const success = page.getByRole('dialog', { name: 'Purchase Successful!' });
    await success.getByText('+150').waitFor();
    await snap(page, 'stars', '5-success');
    expect(botApi.callsOf('createInvoiceLink').length).toBe(invoicesBefore + 1);
    await success.getByRole('button', { name: 'Awesome!' }).click();
    await success.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const list = page.getByRole('list', { name: 'Transactions' });
    await list.getByText('Sack of Stars').waitFor();
    await list.getByText('Bought with Telegram Stars', { exact: false }).waitFor();
    await snap(page, 'stars', '6-history');
    await list.getByRole('button').first().click();
    const entry = page.getByRole('dialog', { name: 'Sack of Stars' });
    await entry.getByText('143 Telegram Stars').waitFor();
    await snap(page, 'stars', '7-transaction-detail');
    await entry.getByRole('button', { name: 'Close' }).click();

    // Home shows the new balance too, still without a reload.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('hero-tap').waitFor();
    expect(await topBarStars(page).getAttribute('aria-label')).toBe('Stars: 150');
    await context.close();
  });

  test('S7 the crypto hash dialog checks the hash, then the chain decides', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await openStars(page);
    await expect.poll(() => page.getByTestId('stars-balance').textContent()).toBe('150');
    await page.getByTestId('package-sack-of-stars').click();
    await page
      .getByRole('dialog', { name: 'Sack of Stars' })
      .getByRole('button', { name: 'Pay 0.72 TON' })
      .click();
    const ton = page.getByRole('dialog', { name: 'Pay with TON' });
    const comment = ton.getByTitle(/^TON-ORDER-2-\d+$/);
    await comment.waitFor();
    const orderId = (await comment.getAttribute('title'))!;
    await ton.getByRole('button', { name: 'Connect TON wallet' }).waitFor();
    await snap(page, 'stars', '8-ton-order');

    await ton.getByRole('button', { name: 'I sent it: enter transaction hash' }).click();
    const hashDialog = page.getByRole('dialog', { name: 'Confirm Transaction' });
    const input = hashDialog.getByLabel('Transaction hash');
    await input.fill('   abc   ');
    await hashDialog.getByRole('button', { name: 'Confirm' }).click();
    await hashDialog
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid transaction hash.' })
      .waitFor();
    await snap(page, 'stars', '9-hash-invalid');

    // A hash the chain does not know: Processing, then the failure dialog with Try Again.
    await input.fill(randomBytes(32).toString('hex'));
    await hashDialog.getByRole('button', { name: 'Confirm' }).click();
    await hashDialog.getByRole('button', { name: 'Processing...' }).waitFor();
    const failure = page.getByRole('dialog', { name: 'Purchase Failed' });
    await failure.getByText('Transaction not found on the TON network').waitFor();
    await snap(page, 'stars', '10-failure');
    await failure.getByRole('button', { name: 'Try Again' }).click();

    // The real transfer, carrying the order comment, to our wallet.
    const transfer = chain.add({ to: WALLET, value: 720_000_000n, comment: orderId });
    await page
      .getByRole('dialog', { name: 'Confirm Transaction' })
      .getByLabel('Transaction hash')
      .fill(transfer.hash);
    await page
      .getByRole('dialog', { name: 'Confirm Transaction' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    const success = page.getByRole('dialog', { name: 'Purchase Successful!' });
    await success.getByText(`${transfer.hash.slice(0, 6)}...${transfer.hash.slice(-6)}`).waitFor();
    await expect.poll(() => page.getByTestId('stars-balance').textContent()).toBe('300');
    await snap(page, 'stars', '11-ton-success');
    await context.close();
  });
});
