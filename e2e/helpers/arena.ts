import type { BrowserContext, Page } from 'playwright-core';
import { snap } from './browser.ts';

/** Opens the Arena and waits for its lobby with the socket connected. */
export async function openFight(context: BrowserContext, path = '/fight'): Promise<Page> {
  const page = await context.newPage();
  // A loaded 2-core machine renders slowly: screenshots and navigations get more time.
  page.setDefaultTimeout(60_000);
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  page.on('pageerror', (error) => logs.push(`pageerror ${error.message}`));
  await page.goto(path);
  try {
    await page.locator('[data-testid="arena-lobby"][data-status="connected"]').waitFor({ timeout: 30_000 });
  } catch (error) {
    await snap(page, 'arena', '0-failed-open');
    console.log(logs.join('\n'));
    throw error;
  }
  return page;
}

/** Opens the start dialog, picks the mode (the easy bot for Player vs AI) and starts. */
export async function startBattle(page: Page, mode: 'Player vs Player' | 'Player vs AI', name: string) {
  await page.getByRole('button', { name: 'Start Battle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Battle' });
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: mode }).click();
  if (mode === 'Player vs AI') await dialog.getByRole('button', { name: 'Easy' }).click();
  await snap(page, name, '2-start-dialog');
  await dialog.getByRole('button', { name: 'Start Battle' }).click();
}

/** Taps the live target once if there is one; answers whether it did. */
async function tapTarget(page: Page): Promise<boolean> {
  const target = page.getByTestId('battle-target');
  // Between targets (and once the battle is over) there is none: ask briefly instead of waiting
  // out the page's default timeout, which held every battle's last tap for a minute.
  const box = await target.boundingBox({ timeout: 500 }).catch(() => null);
  if (!box) return false;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return true;
}

/** Taps the live target as a player would (about 8 taps a second) until the result shows. */
export async function tapUntilResult(page: Page, shots?: () => Promise<void>) {
  let shot = false;
  for (let i = 0; i < 400; i++) {
    if (await page.getByTestId('battle-result').isVisible()) return;
    if ((await tapTarget(page)) && !shot && i > 25 && shots) {
      shot = true;
      await shots();
    }
    await page.waitForTimeout(110);
  }
  await page.getByTestId('battle-result').waitFor({ timeout: 30_000 });
}

/** Taps the live target until the server has counted `hits` of this player's hits. */
export async function landHits(page: Page, hits: number) {
  const counter = page.getByTestId('your-hits');
  for (let i = 0; i < 400; i++) {
    if (Number(await counter.textContent()) >= hits) return;
    await tapTarget(page);
    await page.waitForTimeout(110);
  }
  throw new Error(`fewer than ${hits} hits landed`);
}
