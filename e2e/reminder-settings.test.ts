import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, registerWithHero } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

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

async function openReminders(page: Page) {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Reminders' }).click();
  await page.getByTestId('reminder-settings').waitFor();
}

const switchOf = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** Whether every switch row fits the screen's width (nothing cut off or scrolled sideways). */
async function fitsWidth(page: Page) {
  return page.getByTestId('reminder-settings').evaluate((panel) => {
    const width = document.documentElement.clientWidth;
    return [...panel.querySelectorAll('[role="switch"], span, button')].every((element) => {
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= width;
    });
  });
}

describe('BR2 the Profile reminder switches', () => {
  test('BR2 a switch per kind and one for all, saved on the account; without permission the bot asks for it (390×844 and 320×568)', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await openReminders(page);
    // The development player has not let the bot write: the panel says so and offers the request.
    await page.getByTestId('reminders-permission').waitFor();
    await snap(page, 'reminder-settings', '1-ask-permission');

    const userId = await devUserId(server.titans);
    await server.titans.reminders.service.update(userId, { allowed: true }, false);
    await page.reload();
    await page.getByRole('button', { name: 'Reminders' }).click();
    await switchOf(page, 'All reminders').waitFor();
    expect(await page.getByTestId('reminders-permission').count()).toBe(0);
    for (const name of [
      'All reminders',
      'Energy full again',
      'Daily reward ready',
      'A friend joined',
      'Rematch offers',
    ])
      expect(await switchOf(page, name).getAttribute('aria-checked')).toBe('true');
    await switchOf(page, 'Rematch offers').scrollIntoViewIfNeeded();
    await snap(page, 'reminder-settings', '2-all-on');

    await switchOf(page, 'Rematch offers').click();
    await expect
      .poll(async () => (await server.titans.reminders.service.settings(userId)).kinds.rematch)
      .toBe(false);
    expect(await switchOf(page, 'Rematch offers').getAttribute('aria-checked')).toBe('false');
    expect(await switchOf(page, 'Energy full again').getAttribute('aria-checked')).toBe('true');

    await switchOf(page, 'All reminders').click();
    await expect
      .poll(async () => (await server.titans.reminders.service.settings(userId)).enabled)
      .toBe(false);
    expect(await switchOf(page, 'Energy full again').isDisabled()).toBe(true);
    expect(await switchOf(page, 'Energy full again').getAttribute('aria-checked')).toBe('false');
    expect(await fitsWidth(page)).toBe(true);
    await switchOf(page, 'Rematch offers').scrollIntoViewIfNeeded();
    await snap(page, 'reminder-settings', '3-all-off');

    // The choice is the account's: a reload shows it.
    await page.reload();
    await page.getByRole('button', { name: 'Reminders' }).click();
    expect(await switchOf(page, 'All reminders').getAttribute('aria-checked')).toBe('false');
    await switchOf(page, 'All reminders').click();
    await expect
      .poll(async () => (await server.titans.reminders.service.settings(userId)).enabled)
      .toBe(true);
    expect(await switchOf(page, 'Rematch offers').getAttribute('aria-checked')).toBe('false');

    // The launch reported where the player is (BR4).
    const zone = await page.evaluate(() => 0 - new Date().getTimezoneOffset() || 0);
    expect((await server.titans.reminders.service.settings(userId)).utc_offset_minutes).toBe(zone);
    await context.close();

    const small = await newPhoneContext(browser, server.url, { viewport: { width: 320, height: 568 } });
    const narrow = await small.newPage();
    await openReminders(narrow);
    await switchOf(narrow, 'Rematch offers').scrollIntoViewIfNeeded();
    expect(await fitsWidth(narrow)).toBe(true);
    await snap(narrow, 'reminder-settings', '4-small-screen');
    await small.close();
  });

  test('BR1 a reminder button (startapp) opens its screen', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/?startapp=go_daily');
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 20_000 })
      .toBe('/tasks?tab=daily');
    await context.close();
  });
});
