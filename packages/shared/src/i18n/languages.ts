/**
 * The languages Titans speaks, and how a Telegram `language_code` (IETF tag such as `ru`,
 * `pt-br`, `fa-IR`) picks one. English carries the specification's texts; every other language
 * falls back to English for a message it lacks. Persian is written right to left.
 */
export const LANGUAGES = ['en', 'ru', 'es', 'pt-BR', 'id', 'tr', 'uk', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as the Profile's language picker lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  ru: 'Русский',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  id: 'Bahasa Indonesia',
  tr: 'Türkçe',
  uk: 'Українська',
  fa: 'فارسی',
};

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set<Language>(['fa']);

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

/**
 * The language for a Telegram `language_code`: an exact match first (`pt-BR`), then the primary
 * subtag (`pt` and `pt-PT` read Brazilian Portuguese, `fa-IR` Persian), else English.
 */
export function languageFromTelegram(code: string | null | undefined): Language {
  if (!code) return DEFAULT_LANGUAGE;
  const lower = code.trim().toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary) ?? DEFAULT_LANGUAGE;
}

/** The player's language: their own choice in Profile, else what Telegram says they speak. */
export function playerLanguage(
  chosen: string | null | undefined,
  telegramCode: string | null | undefined,
): Language {
  return isLanguage(chosen) ? chosen : languageFromTelegram(telegramCode);
}
