import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TitansApp } from '../../apps/server/src/app.ts';
import { signInitData } from '../../apps/server/src/auth/init-data.ts';
import { DEV_BOT_TOKEN } from '../../apps/server/src/config/config.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { newPhoneContext, snap } from './browser.ts';

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

/**
 * Taps the live target until the server has counted `hits` of this player's hits, or until the
 * battle ends first (a short time limit on a busy machine). Answers the hits counted.
 */
export async function landHits(page: Page, hits: number): Promise<number> {
  const counter = page.getByTestId('your-hits');
  const result = page.getByTestId('battle-result');
  let landed = 0;
  for (let i = 0; i < 400; i++) {
    if (await result.isVisible()) return landed;
    // The counter leaves with the HUD when the battle ends: then the next round sees the result.
    landed = Number(await counter.textContent({ timeout: 5_000 }).catch(() => String(landed)));
    if (landed >= hits) return landed;
    await tapTarget(page);
    await page.waitForTimeout(110);
  }
  throw new Error(`fewer than ${hits} hits landed`);
}

/** The ready check on `page` (F51): waits for it and accepts; answers the dialog. */
export async function acceptReadyCheck(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Opponent found!' });
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  return dialog;
}

/**
 * Another Telegram user with a hero and coins; `open` makes a phone whose development init data
 * is signed for them (the server is in development mode: it trusts the development token).
 */
export async function registerRival(
  browser: Browser,
  titans: TitansApp,
  baseUrl: string,
  rival: { id: number; name: string; hero: string; coins: number },
): Promise<{ userId: string; open(options?: BrowserContextOptions): Promise<BrowserContext> }> {
  const user = { id: rival.id, first_name: rival.name, username: rival.name.toLowerCase() };
  const initData = signInitData(user, DEV_BOT_TOKEN);
  const headers = { Authorization: `tma ${initData}`, 'Content-Type': 'application/json' };
  const telegramId = String(rival.id);
  await fetch(`${baseUrl}/v1/user/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ telegram_user_id: telegramId }),
  });
  await fetch(`${baseUrl}/v1/user/${telegramId}/select-character`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ characterId: rival.hero }),
  });
  const [row] = await titans.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramUserId, BigInt(rival.id)));
  if (!row) throw new Error(`rival ${rival.id} was not registered`);
  const granted = await titans.gateway.change(row.id, (m) =>
    m.apply({
      userId: row.id,
      currency: 'coins',
      delta: rival.coins,
      reason: 'e2e',
      idempotencyKey: `e2e:rival:${rival.id}`,
    }),
  );
  if (!granted.ok) throw new Error(`rival ${rival.id} got no coins`);
  const answer = { code: 200, data: { init_data: initData, telegram_user_id: telegramId }, message: 'ok' };
  return {
    userId: row.id,
    async open(options: BrowserContextOptions = {}) {
      const context = await newPhoneContext(browser, baseUrl, options);
      await context.route('**/v1/dev/init-data*', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify(answer) }),
      );
      return context;
    },
  };
}
