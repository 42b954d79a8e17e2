import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { formatNumber } from '../../lib/format-number.ts';

type Stats = Pick<OwnedAvatar, 'health' | 'power' | 'defense' | 'speed'>;

/**
 * A hero's stats as the Arena prints them: "HP 4,000 · ATK 65 · DEF 65" (and SPD with `speed`).
 * Numbers get thousands separators like every other figure, and a label never wraps away from
 * its number (a no-break space): a narrow card breaks only between stats.
 */
export function heroStats(stats: Stats, { speed = false } = {}): string {
  const parts: Array<[string, number]> = [
    ['HP', stats.health],
    ['ATK', stats.power],
    ['DEF', stats.defense],
  ];
  if (speed) parts.push(['SPD', stats.speed]);
  return parts.map(([label, value]) => `${label}\u00a0${formatNumber(value)}`).join(' · ');
}
