import { currentLocale } from './i18n/i18n.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as the page's language writes it; English keeps the form each screen's spec shows
 * (`englishLocale`: 'en-GB' for "3 Mar 2026", 'en-US' for "Mar 3").
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
  return format.format(new Date(date));
}
