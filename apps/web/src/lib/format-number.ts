const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return whole.format(value);
}

/** Coin totals in stats show k with one decimal from 1000 (1534 → "1.5k"). */
export function formatCompact(value: number): string {
  if (Math.abs(value) < 1000) return whole.format(value);
  if (Math.abs(value) < 1_000_000) return `${(value / 1000).toFixed(1)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}
