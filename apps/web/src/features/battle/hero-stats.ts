import { effectiveStats } from '@titans/shared/battle/stats';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

type Stats = Pick<OwnedAvatar, 'health' | 'power' | 'defense' | 'speed'>;

/**
 * A hero's stats as it fights (F60): its catalogue stats with its level's bonuses, the items and
 * the energy chosen for the next battle, from the one shared `effectiveStats`. Boosters are added
 * when the battle starts, so only the intro shows them.
 */
export function heroEffectiveStats(
  avatar: Pick<OwnedAvatar, 'health' | 'power' | 'defense' | 'speed' | 'level'>,
  equipped: readonly InventoryEntry[] = [],
  energy = 0,
): Stats {
  const stats = effectiveStats(
    { health: avatar.health, attack: avatar.power, defense: avatar.defense, speed: avatar.speed },
    avatar.level,
    equipped.map((entry) => entry.item_details?.effects ?? {}),
    {},
    energy,
  );
  return { health: stats.health, power: stats.attack, defense: stats.defense, speed: stats.speed };
}

/** What a stats line includes, said in words (F60): "with level 2 and 3 items" (and the energy's health). */
export function statsIncludes(level: number, items: number, energyHealth = 0): string {
  if (energyHealth <= 0) return t('heroStats.withLevelAndItems', { level, items });
  return t('heroStats.withLevelItemsAndEnergy', { level, items, health: formatNumber(energyHealth) });
}

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
