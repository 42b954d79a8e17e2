import { DEFAULT_LANGUAGE, isLanguage, type Language, playerLanguage } from '@titans/shared/i18n/languages';
import { localStore } from '../local-storage.ts';
import { applyLanguage, currentLanguage, type DisplayLanguage, type Messages } from './i18n.ts';

/**
 * Each language but English is one chunk of its own, fetched when the player reads it and
 * precached by the service worker like every other chunk (build/i18n-messages.ts compiles them).
 */
const CATALOGUES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>>> = {
  ru: () => import('virtual:titans-i18n/ru'),
  es: () => import('virtual:titans-i18n/es'),
  'pt-BR': () => import('virtual:titans-i18n/pt-BR'),
  id: () => import('virtual:titans-i18n/id'),
  tr: () => import('virtual:titans-i18n/tr'),
  uk: () => import('virtual:titans-i18n/uk'),
  fa: () => import('virtual:titans-i18n/fa'),
};

/** The language this device showed last: the next launch starts in it before the account is in. */
const STORED_LANGUAGE_KEY = 'titans:language';
/** `?lang=pseudo` (or any language) picks the page's language for tests and development. */
const LANGUAGE_PARAMETER = 'lang';

let requested: DisplayLanguage = DEFAULT_LANGUAGE;
/** `?lang=` at launch: it holds for the whole visit, whatever the routes do to the address. */
let forced: DisplayLanguage | null = null;

/** Loads `next`'s catalogue, then shows the page in it; the latest request wins. */
export async function showLanguage(next: DisplayLanguage): Promise<void> {
  requested = next;
  if (next !== 'pseudo') localStore.set(STORED_LANGUAGE_KEY, next);
  let messages: Messages = {};
  if (next !== 'en' && next !== 'pseudo') {
    try {
      messages = (await CATALOGUES[next]()).default;
    } catch {
      // Offline before the chunk was ever cached: English until the next launch.
      return;
    }
  }
  if (requested !== next || (currentLanguage() === next && next === 'en')) return;
  applyLanguage(next, messages);
}

function forcedLanguage(search: string): DisplayLanguage | null {
  const value = new URLSearchParams(search).get(LANGUAGE_PARAMETER);
  return value === 'pseudo' || isLanguage(value) ? value : null;
}

/** Telegram's `language_code` from the launch's init data. */
export function telegramLanguageCode(rawInitData: string | undefined): string | undefined {
  if (!rawInitData) return undefined;
  try {
    const user: unknown = JSON.parse(new URLSearchParams(rawInitData).get('user') ?? 'null');
    if (typeof user !== 'object' || user === null || !('language_code' in user)) return undefined;
    return typeof user.language_code === 'string' ? user.language_code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language the first screen shows: `?lang=`, else the one this device showed last, else
 * Telegram's. The account's own choice follows with the user's answer (followAccountLanguage).
 */
export function launchLanguage(rawInitData: string | undefined): DisplayLanguage {
  forced = forcedLanguage(window.location.search);
  if (forced) return forced;
  return playerLanguage(localStore.get(STORED_LANGUAGE_KEY), telegramLanguageCode(rawInitData));
}

/** The account's language (`language` in the user's answer), unless `?lang=` overrides it. */
export function followAccountLanguage(chosen: string | null | undefined, rawInitData: string | undefined) {
  if (forced) return;
  const next = playerLanguage(chosen, telegramLanguageCode(rawInitData));
  if (next !== requested) void showLanguage(next);
}
