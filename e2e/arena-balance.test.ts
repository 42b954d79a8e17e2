import { BOTS } from '@titans/shared/battle/bots';
import { energyEffect } from '@titans/shared/battle/energy-effect';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { battles } from '../apps/server/src/db/schema.ts';
import { openFight } from './helpers/arena.ts';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { devUserId, giveCoins, registerWithHero, setEnergy } from './helpers/player.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * The start dialog says what a battle is against and what its energy buys, before the stake
 * (rules BAL4, BAL5): each bot's health, attack and defence, and the starting health the chosen
 * energy adds, which the intro then shows and the server took.
 */

let server: RunningServer;
let browser: Browser;
let heroName: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { BATTLE_BOT_SETUP_MS: '0' } }),
    launchBrowser(),
  ]);
  ({ heroName } = await registerWithHero(server.url));
  await giveCoins(server.titans, 5_000, 'e2e:balance');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Arena balance on screen', () => {
  test('BAL4 the difficulty picker shows every bot’s health, attack and defence before the stake (390 and 320 wide)', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      const context = await newPhoneContext(browser, server.url, { viewport });
      const page = await openFight(context);
      await page.getByRole('button', { name: 'Start Battle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start Battle' });
      await dialog.getByRole('tab', { name: 'Player vs AI' }).click();
      for (const difficulty of ['easy', 'medium', 'hard'] as const) {
        const bot = BOTS[difficulty];
        const stats = dialog.getByTestId(`bot-stats-${difficulty}`);
        expect(await stats.innerText()).toMatch(
          new RegExp(
            `HP\\s*${bot.health.toLocaleString('en-US')}\\s*ATK\\s*${bot.attack}\\s*DEF\\s*${bot.defense}`,
          ),
        );
        // Every number fits inside its button: nothing spills over its edges.
        const button = dialog.getByRole('button', { name: new RegExp(`^${difficulty}`, 'i') });
        expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        for (const row of await stats.locator('dt, dd').all()) {
          const [inner, outer] = await Promise.all([row.boundingBox(), button.boundingBox()]);
          expect(inner && outer && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width).toBe(
            true,
          );
        }
      }
      await dialog.getByRole('button', { name: /^Hard/ }).click();
      await dialog.getByTestId('bot-terms').getByText(`${BOTS.hard.name} attacks every 0.625 s`).waitFor();
      await snap(page, 'arena-balance', `1-difficulties-${viewport.width}`);
      await context.close();
    }
  }, 180_000);

  test('BAL5 the energy chosen shows the starting health it buys; the battle starts with it and takes exactly that energy', async () => {
    await setEnergy(server.titans, 1_000);
    const context = await newPhoneContext(browser, server.url);
    const page = await openFight(context);
    await page.getByRole('button', { name: 'Start Battle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Battle' });
    await dialog.getByRole('tab', { name: 'Player vs AI' }).click();
    await dialog.getByRole('button', { name: /^Easy/ }).click();
    // The default 10 is the entry and says so.
    await dialog
      .getByTestId('energy-effect')
      .getByText('10 energy is the entry.', { exact: false })
      .waitFor();
    await dialog.getByLabel('Energy to spend').fill('1000');
    const bonus = energyEffect(1_000).bonusHealth;
    await dialog
      .getByTestId('energy-effect')
      .getByText(`+${bonus} starting health`, { exact: false })
      .waitFor();
    await snap(page, 'arena-balance', '2-energy-1000');
    await dialog.getByRole('button', { name: 'Start Battle' }).click();

    // The intro's HEALTH: the hero's catalogue health (level 1, no items) plus what the energy bought.
    const intro = page.getByTestId('battle-intro');
    const health = intro.getByTestId('intro-yours-HEALTH');
    await health.waitFor({ timeout: 30_000 });
    expect(heroName).toBe('Sir Aldric Dawnblade');
    expect(Number((await health.textContent())?.replace(/\D/g, ''))).toBe(4_000 + bonus);
    await snap(page, 'arena-balance', '3-intro-health');
    // The battle row's entry: exactly the 1,000 energy, all of it bought health.
    const userId = await devUserId(server.titans);
    const [row] = await server.titans.database.db.select().from(battles).where(eq(battles.player1Id, userId));
    expect(row?.entry).toEqual([expect.objectContaining({ userId, energy: 1_000 })]);
    await context.close();
  }, 180_000);
});
