import { DEFAULT_LANGUAGE, type Language } from '@titans/shared/i18n/languages';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fa from './locales/fa.json' with { type: 'json' };
import id from './locales/id.json' with { type: 'json' };
import ptBR from './locales/pt-BR.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import tr from './locales/tr.json' with { type: 'json' };
import uk from './locales/uk.json' with { type: 'json' };

/** A message of the server's catalogue: the English file names every one. */
export type ServerTextKey = keyof typeof en;

/** The values a message's placeholders take. */
export type TextValues = Record<string, string | number>;

/**
 * What the server writes to players outside the app (the bot's answers, reminders, invoices):
 * one ICU MessageFormat JSON file per language in `locales/` (D-I18N-1). English carries the
 * specification's texts; a message another file lacks falls back to English (L4).
 */
export const SERVER_CATALOGUES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en,
  ru,
  es,
  'pt-BR': ptBR,
  id,
  tr,
  uk,
  fa,
};

const compiled = new Map<string, IntlMessageFormat>();

function formatted(language: Language, key: string, message: string, values: TextValues | undefined) {
  const cacheKey = `${language}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    // Telegram gets plain text: a `<` in a message is a character, never a rich-text tag.
    format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  const text = format.format<never>(values);
  return Array.isArray(text) ? text.join('') : text;
}

/**
 * The text of `key` in `language`, its placeholders filled from `values`.
 * Example: `serverText('ru', 'reminder.rematch', { name: 'Ada' })`.
 */
export function serverText(language: Language, key: ServerTextKey, values?: TextValues): string {
  const own = SERVER_CATALOGUES[language][key];
  if (own !== undefined) return formatted(language, key, own, values);
  return formatted(DEFAULT_LANGUAGE, key, en[key], values);
}

/** What a Stars invoice names: a package of the catalogue. */
export interface InvoicePackage {
  id: string;
  name: string;
  description: string;
}

/**
 * A Stars package's invoice title and description in `language` (L5). English, and a package
 * a language's file does not name (one added to the catalogue since), read the catalogue row.
 */
export function packageTexts(language: Language, pkg: InvoicePackage) {
  const catalogue = SERVER_CATALOGUES[language];
  const name = catalogue[`package.${pkg.id}.name`] ?? pkg.name;
  const description = catalogue[`package.${pkg.id}.description`] ?? (pkg.description || pkg.name);
  return { title: name, description };
}
