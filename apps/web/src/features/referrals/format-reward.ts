/** Amount display: rewards of 1000 or more show as K (2500 → "2.5K", 5000 → "5K"). */
export function formatReward(value: number): string {
  if (Math.abs(value) < 1000) return String(value);
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1).replace(/\.0$/, '')}K`;
}
