import type { UpgradeKind, UpgradeLevels } from '@titans/shared/boosts/upgrades';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The one mapping from an upgrade track to the users property (and column) that stores its level. */
export const UPGRADE_PROPERTIES = {
  tap_power: 'tapPowerLevel',
  energy_capacity: 'energyCapacityLevel',
  energy_regen: 'energyRegenLevel',
  cooldown_reduction: 'cooldownReductionLevel',
} as const satisfies Record<UpgradeKind, keyof UserRow>;

/** The users column of an upgrade track. */
export function upgradeColumn(kind: UpgradeKind) {
  return users[UPGRADE_PROPERTIES[kind]];
}

/** The four level columns, for a select that needs the levels and little else. */
export const upgradeLevelColumns = {
  tapPowerLevel: users.tapPowerLevel,
  energyCapacityLevel: users.energyCapacityLevel,
  energyRegenLevel: users.energyRegenLevel,
  cooldownReductionLevel: users.cooldownReductionLevel,
};

/** A row with (at least) the upgrade levels. */
export type LevelsRow = Pick<UserRow, (typeof UPGRADE_PROPERTIES)[UpgradeKind]>;

/** A user's upgrade levels, as the shared rules take them. */
export function upgradeLevelsOf(user: LevelsRow): UpgradeLevels {
  return {
    tap_power: user[UPGRADE_PROPERTIES.tap_power],
    energy_capacity: user[UPGRADE_PROPERTIES.energy_capacity],
    energy_regen: user[UPGRADE_PROPERTIES.energy_regen],
    cooldown_reduction: user[UPGRADE_PROPERTIES.cooldown_reduction],
  };
}
