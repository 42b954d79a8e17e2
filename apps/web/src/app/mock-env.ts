import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';
import { fieldOf } from '../lib/field-of.ts';
import { showMockInvoiceSheet } from './mock-invoice-sheet.ts';

/*
 * Development only: outside Telegram the app imitates the Telegram client, so the rest of the
 * code reads init data, theme and viewport exactly as it does inside Telegram. init.ts loads
 * this module with a dynamic import only when the page is not a Telegram Mini App, so a real
 * Telegram session never downloads or runs it. The init data is signed by the server's
 * development mode (GET /v1/dev/init-data, test user 00000002) and carries a `signature` field like
 * Telegram's, so the SDK parses it and the app reads it through retrieveRawInitData() as it does
 * inside Telegram. A server with a real bot token answers 404 and the app shows that it could not
 * identify the player.
 */

/** The game's own palette, sent as the Telegram theme while mocking (a dark Telegram theme). */
const THEME = {
  accent_text_color: '#ffd54d',
  bg_color: '#0d0a26',
  bottom_bar_bg_color: '#0d0a26',
  button_color: '#f5a300',
  button_text_color: '#1a1200',
  destructive_text_color: '#ef4444',
  header_bg_color: '#0d0a26',
  hint_color: '#a79fcc',
  link_color: '#ffc21f',
  secondary_bg_color: '#161035',
  section_bg_color: '#161035',
  section_header_text_color: '#ffd54d',
  subtitle_text_color: '#a79fcc',
  text_color: '#f6f3ff',
} as const;

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 } as const;

/** What the server's /v1/dev/init-data accepts as a start parameter. */
const START_PARAM_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The start parameter a development URL carries, the way Telegram links do:
 * `?startapp=buddies_CODE` (t.me links) or `?tgWebAppStartParam=…` (launch parameters).
 */
export function startParamFromUrl(href: string): string | undefined {
  const url = new URL(href);
  const hashParams = new URLSearchParams(url.hash.replace(/^#/, ''));
  const value =
    url.searchParams.get('startapp') ??
    url.searchParams.get('tgWebAppStartParam') ??
    hashParams.get('tgWebAppStartParam');
  return value && START_PARAM_PATTERN.test(value) ? value : undefined;
}

async function fetchDevelopmentInitData(startParam: string | undefined): Promise<string> {
  const query = startParam ? `?start_param=${encodeURIComponent(startParam)}` : '';
  const response = await fetch(`/v1/dev/init-data${query}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /v1/dev/init-data answered ${response.status}`);
  const initData = fieldOf(fieldOf(await response.json(), 'data'), 'init_data');
  if (typeof initData !== 'string' || initData === '') throw new Error('No development init data');
  return initData;
}

/** The last development init data of this tab: Telegram, too, keeps its launch data across reloads. */
const SAVED_INIT_DATA_KEY = 'titans:dev-init-data';

/** Fresh init data, or offline (a reload served by the service worker) the tab's last one. */
async function developmentInitData(startParam: string | undefined): Promise<string> {
  try {
    const initData = await fetchDevelopmentInitData(startParam);
    sessionStorage.setItem(SAVED_INIT_DATA_KEY, initData);
    return initData;
  } catch (error) {
    const saved = sessionStorage.getItem(SAVED_INIT_DATA_KEY);
    if (saved && !startParam) return saved;
    throw error;
  }
}

/** Installs the imitation of Telegram with init data signed for the development test user. */
export async function installMockEnvironment(): Promise<void> {
  const startParam = startParamFromUrl(window.location.href);
  const initData = await developmentInitData(startParam);

  const launchParams = new URLSearchParams([
    ['tgWebAppData', initData],
    ['tgWebAppThemeParams', JSON.stringify(THEME)],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'tdesktop'],
  ]);
  if (startParam) launchParams.set('tgWebAppStartParam', startParam);

  mockTelegramEnv({
    launchParams,
    resetPostMessage: true,
    onEvent(event) {
      // Answer the requests a Telegram client answers; every other method is accepted silently.
      if (event.name === 'web_app_request_theme') {
        emitEvent('theme_changed', { theme_params: THEME });
      } else if (event.name === 'web_app_request_viewport') {
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      } else if (event.name === 'web_app_request_safe_area') {
        emitEvent('safe_area_changed', NO_INSETS);
      } else if (event.name === 'web_app_request_content_safe_area') {
        emitEvent('content_safe_area_changed', NO_INSETS);
      } else if (event.name === 'web_app_open_invoice') {
        // Telegram's payment sheet; it answers invoice_closed with the status it ends in.
        const slug = fieldOf(event.params, 'slug');
        if (typeof slug === 'string')
          showMockInvoiceSheet(slug, (status) => emitEvent('invoice_closed', { slug, status }));
      }
    },
  });
}
