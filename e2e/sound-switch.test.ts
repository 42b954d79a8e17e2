import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPhoneContext, snap } from './helpers/browser.ts';
import { registerWithHero } from './helpers/player.ts';
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

async function openSoundSettings(page: Page) {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Sound Settings' }).click();
}

/** What the player sees of a switch once its transitions have ended. */
async function looks(toggle: Locator) {
  await toggle.evaluate((element) =>
    Promise.all(
      [element, ...element.querySelectorAll('*')].flatMap((node) =>
        node.getAnimations().map((animation) => animation.finished),
      ),
    ),
  );
  return toggle.evaluate((element) => {
    const track = element.querySelector('[data-testid="sound-switch-track"]')!;
    const knob = element.querySelector('[data-testid="sound-switch-knob"]')!;
    const t = track.getBoundingClientRect();
    const k = knob.getBoundingClientRect();
    return {
      checked: element.getAttribute('aria-checked'),
      state: element.querySelector('[data-testid="sound-switch-state"]')!.textContent,
      inside: k.left >= t.left && k.right <= t.right && k.top >= t.top && k.bottom <= t.bottom,
      knobSide: k.left + k.width / 2 > t.left + t.width / 2 ? 'right' : 'left',
      track: getComputedStyle(track).backgroundImage === 'none' ? 'dim' : 'green',
    };
  });
}

const ON = { checked: 'true', state: 'On', inside: true, knobSide: 'right', track: 'green' };

describe('W16 the sound switches', () => {
  test('W16 on and off each look so (knob inside the track, the word follows), and the choice stays after a reload', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await openSoundSettings(page);
    const music = page.getByRole('switch', { name: 'Music', exact: true });
    const effects = page.getByRole('switch', { name: 'Game Sounds', exact: true });
    expect(await looks(music)).toEqual(ON);
    expect(await looks(effects)).toEqual(ON);
    await snap(page, 'sound-switch', '1-on');

    await music.click();
    expect(await looks(music)).toEqual({
      checked: 'false',
      state: 'Off',
      inside: true,
      knobSide: 'left',
      track: 'dim',
    });
    expect(await page.getByRole('slider', { name: 'Music volume' }).isDisabled()).toBe(true);
    // The other switch is its own.
    expect(await looks(effects)).toEqual(ON);
    await snap(page, 'sound-switch', '2-music-off');

    // Home's music button says the same, and the choice is kept.
    await page.goto('/');
    await page.getByRole('button', { name: 'Unmute music' }).waitFor();
    await openSoundSettings(page);
    expect(await looks(music)).toMatchObject({ checked: 'false', state: 'Off', knobSide: 'left' });

    await music.click();
    expect(await looks(music)).toEqual(ON);
    expect(await page.getByRole('slider', { name: 'Music volume' }).isEnabled()).toBe(true);
    await effects.click();
    expect(await looks(effects)).toMatchObject({
      checked: 'false',
      state: 'Off',
      inside: true,
      knobSide: 'left',
    });
    await context.close();
  });
});
