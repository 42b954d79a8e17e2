import { DEFAULT_LANGUAGE, type Language, textDirection } from '@titans/shared/i18n/languages';
import type englishCatalogue from '../../locales/en.json';
import { setErrorTranslator } from '../api-error.ts';
import { pseudoLocalize } from './pseudo.ts';

/** Every message id: the keys of the English catalogue (src/locales/en.json). */
export type MessageKey = keyof typeof englishCatalogue;
/** What a message's placeholders are filled with. */
export type MessageValues = Record<string, string | number>;
type Message = (values: MessageValues) => string;
export type Messages = Readonly<Record<string, Message | undefined>>;

/** The languages a player can read, plus the pseudo-locale the layout checks run in. */
export type DisplayLanguage = Language | 'pseudo';

/**
 * The English messages this page has loaded. The build puts each module's messages next to it
 * (build/i18n-messages.ts), so English costs only what the screens on show use.
 */
const english: Record<string, Message> = {};
let language: DisplayLanguage = DEFAULT_LANGUAGE;
let foreign: Messages = {};
const listeners = new Set<() => void>();

/** Called by the build's generated modules with the English messages a module uses. */
export function addEnglishMessages(messages: Messages): void {
  for (const [key, message] of Object.entries(messages)) if (message) english[key] = message;
}

export function currentLanguage(): DisplayLanguage {
  return language;
}

/** The BCP 47 locale Intl formats numbers and dates in. */
export function currentLocale(): string {
  return language === 'pseudo' || language === 'en' ? 'en-US' : language;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the page in `next` with its catalogue (English for a message the catalogue lacks). */
export function applyLanguage(next: DisplayLanguage, messages: Messages): void {
  language = next;
  foreign = messages;
  const root = document.documentElement;
  root.lang = next === 'pseudo' ? 'en-XA' : next;
  root.dir = next === 'pseudo' ? 'ltr' : textDirection(next);
  for (const listener of listeners) listener();
}

/**
 * A text the server (or the client) wrote in English, under a message id the catalogues may
 * translate: the player's language has it, else the English as given.
 */
export function translatedOr(key: string, english: string): string {
  const message = foreign[key];
  const text = message ? message({}) : english;
  return language === 'pseudo' ? pseudoLocalize(text) : text;
}

/** The message id of an error code's text: 'stars/invalid-hash' → 'errors.stars.invalid-hash'. */
export function errorMessageKey(code: string): string {
  return `errors.${code.replaceAll('/', '.')}`;
}

/** The text of message `key` in the player's language, placeholders filled from `values`. */
export function t(key: MessageKey, values: MessageValues = {}): string {
  const message = foreign[key] ?? english[key];
  if (!message) return key;
  const text = message(values);
  return language === 'pseudo' ? pseudoLocalize(text) : text;
}

// Server and client error codes read in the player's language (lib/api-error.ts).
setErrorTranslator((code, message) => translatedOr(errorMessageKey(code), message));
