import { currentLanguage, currentLocale } from './i18n/i18n.ts';
import { pseudoLocalize } from './i18n/pseudo.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as the page's language writes it; English keeps the form each screen's spec shows
 * (`englishLocale`: 'en-GB' for "3 Mar 2026", 'en-US' for "Mar 3"). The pseudo-locale formats
 * numbers as English does (currentLocale is en-US) but is not English: its month names are
 * English words Intl wrote, so they are pseudo-translated like every catalogue text (D-I18N-WEB-7).
 */
export function formatDate(
  date: Date | string | number,
  options: Intl.DateTimeFormatOptions,
  englishLocale: 'en-GB' | 'en-US',
): string {
  const page = currentLocale();
  const locale = page === 'en-US' ? englishLocale : page;
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  const text = format.format(new Date(date));
  return currentLanguage() === 'pseudo' ? pseudoLocalize(text) : text;
}
