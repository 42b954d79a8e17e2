import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('/buddies/abc123 keeps ABC123 until a new player registers with it, then goes to /', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const registrations: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/user/register') {
      registrations.push(request.postDataJSON());
    }
  });

  await page.goto('/buddies/abc123');
  await page.getByRole('heading', { name: 'Welcome to Titans' }).waitFor();
  expect(registrations).toEqual([expect.objectContaining({ referral_code: 'ABC123' })]);
  // Registration succeeded: the pending code is gone.
  expect(await page.evaluate(() => localStorage.getItem('pendingReferralCode'))).toBeNull();

  // Through the intro and the hero choice, then the app leaves /buddies/… for Home.
  for (const label of ['Next', 'Next', 'Next', 'Start Game']) {
    await page.getByRole('button', { name: label, exact: true }).click();
  }
  await page.getByRole('button', { pressed: false }).filter({ hasText: 'Lv' }).first().click();
  await page.getByRole('button', { name: 'Start Adventure' }).click();
  await page.getByTestId('coin-total').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await snap(page, 'referral', '1-home');

  // A later launch has no code to send.
  await page.reload();
  await page.getByTestId('coin-total').waitFor();
  expect(registrations).toHaveLength(2);
  expect(registrations[1]).not.toHaveProperty('referral_code');
  await context.close();
});
