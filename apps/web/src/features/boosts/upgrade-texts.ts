import type { UpgradeView } from '@titans/shared/boosts/schemas';
import type { UpgradeKind } from '@titans/shared/boosts/upgrades';
import {
  ENERGY_PER_CAPACITY_LEVEL,
  ENERGY_REGEN_PER_LEVEL,
  REFILL_COOLDOWN_REDUCTION_SECONDS,
} from '@titans/shared/constants';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** A track's name in the player's language (the server's `title` is the English catalogue row). */
function upgradeTitle(kind: UpgradeKind): string {
  switch (kind) {
    case 'tap_power':
      return t('upgradeTexts.multitap');
    case 'energy_capacity':
      return t('upgradeTexts.energyLimit');
    case 'energy_regen':
      return t('upgradeTexts.rechargingSpeed');
    case 'cooldown_reduction':
      return t('upgradeTexts.quickRefill');
  }
}

/** What a track does per level, from the same constants the server's description is written from. */
function upgradeDescription(kind: UpgradeKind): string {
  switch (kind) {
    case 'tap_power':
      return t('upgradeTexts.multitapDescription');
    case 'energy_capacity':
      return t('upgradeTexts.energyLimitDescription', { amount: formatNumber(ENERGY_PER_CAPACITY_LEVEL) });
    case 'energy_regen':
      return t('upgradeTexts.rechargingSpeedDescription', { amount: formatNumber(ENERGY_REGEN_PER_LEVEL) });
    case 'cooldown_reduction':
      return t('upgradeTexts.quickRefillDescription', { minutes: REFILL_COOLDOWN_REDUCTION_SECONDS / 60 });
  }
}

/** The effect at `level`, as the server's `effect` says it in English ("×2 per tap"). */
function upgradeEffect(kind: UpgradeKind, level: number): string {
  switch (kind) {
    case 'tap_power':
      return t('upgradeTexts.perTap', { multiplier: formatNumber(1 + level) });
    case 'energy_capacity':
      return t('upgradeTexts.maxEnergy', { amount: formatNumber(level * ENERGY_PER_CAPACITY_LEVEL) });
    case 'energy_regen':
      return t('upgradeTexts.energyPerSecond', { amount: formatNumber(level * ENERGY_REGEN_PER_LEVEL) });
    case 'cooldown_reduction':
      return t('upgradeTexts.refillWait', {
        minutes: formatNumber((level * REFILL_COOLDOWN_REDUCTION_SECONDS) / 60),
      });
  }
}

/**
 * An upgrade track as the player reads it: the server's view (prices, levels) with its English
 * title, description and effects replaced by the catalogue's, keyed by the track's kind.
 */
export function shownUpgrade(upgrade: UpgradeView): UpgradeView {
  return {
    ...upgrade,
    title: upgradeTitle(upgrade.kind),
    description: upgradeDescription(upgrade.kind),
    effect: upgradeEffect(upgrade.kind, upgrade.level),
    next_effect: upgrade.next_effect === null ? null : upgradeEffect(upgrade.kind, upgrade.level + 1),
  };
}
