import { currentLocale } from './i18n/i18n.ts';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(kind: 'whole' | 'compact'): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${kind}:${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      kind === 'whole'
        ? { maximumFractionDigits: 0 }
        : { notation: 'compact', minimumFractionDigits: 1, maximumFractionDigits: 1 },
    );
    formats.set(key, format);
  }
  return format;
}

/** 1234567 → "1,234,567" (in the page's language: "1 234 567" in Russian). */
export function formatNumber(value: number): string {
  return numberFormat('whole').format(value);
}

/**
 * coin totals in stats show k with one decimal from 1000 (1534 → "1.5k"); another
 * language shows its own compact form through Intl ("1,5 тыс.").
 */
export function formatCompact(value: number): string {
  if (Math.abs(value) < 1000) return formatNumber(value);
  if (currentLocale() !== 'en-US') return numberFormat('compact').format(value);
  if (Math.abs(value) < 1_000_000) return `${(value / 1000).toFixed(1)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}
