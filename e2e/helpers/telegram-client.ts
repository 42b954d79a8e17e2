import type { Page } from 'playwright-core';
import { devInitData } from './player.ts';

/** The theme a dark Telegram client sends. */
export const TELEGRAM_THEME = {
  bg_color: '#0d0a26',
  secondary_bg_color: '#161035',
  text_color: '#f6f3ff',
  hint_color: '#a79fcc',
  link_color: '#ffc21f',
  button_color: '#f5a300',
  button_text_color: '#1a1200',
  header_bg_color: '#0d0a26',
  bottom_bar_bg_color: '#0d0a26',
};

/**
 * Telegram's Android client as a Mini App sees it: the native bridge `window.TelegramWebviewProxy`
 * receives each method call as `postEvent(name, json)`, and the requests a client answers are
 * answered a moment later through `window.Telegram.WebView.receiveEvent(name, payload)`. Method
 * names and payloads are those of https://docs.telegram-mini-apps.com/platform/methods and
 * /platform/events. Installed before any page script. `window.__telegramCalls` lists the calls.
 */
const BRIDGE = `(() => {
  const theme = ${JSON.stringify(TELEGRAM_THEME)};
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  window.__telegramCalls = [];
  const answer = (name, payload) =>
    setTimeout(() => window.Telegram && window.Telegram.WebView && window.Telegram.WebView.receiveEvent &&
      window.Telegram.WebView.receiveEvent(name, payload), 0);
  window.TelegramWebviewProxy = {
    postEvent(name) {
      window.__telegramCalls.push(name);
      if (name === 'web_app_request_theme') answer('theme_changed', { theme_params: theme });
      else if (name === 'web_app_request_viewport')
        answer('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
      else if (name === 'web_app_request_safe_area') answer('safe_area_changed', noInsets);
      else if (name === 'web_app_request_content_safe_area') answer('content_safe_area_changed', noInsets);
    },
  };
})();`;

/** Makes every later page load of `page` see the Telegram client's bridge. */
export async function installTelegramClient(page: Page): Promise<void> {
  await page.addInitScript(BRIDGE);
}

/**
 * The address Telegram opens for the development player: the app's URL with fresh launch
 * parameters in its hash (init data signed by the server's development mode, with `startParam` as
 * a `startapp` link would put it).
 */
export async function telegramLaunchUrl(serverUrl: string, path = '/', startParam?: string): Promise<string> {
  const params = new URLSearchParams([
    ['tgWebAppData', await devInitData(serverUrl, startParam)],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'android'],
    ['tgWebAppThemeParams', JSON.stringify(TELEGRAM_THEME)],
  ]);
  return `${path}#${params.toString()}`;
}
