import { UPGRADE_KINDS, type UpgradeKind, type UpgradeLevels } from '@titans/shared/boosts/upgrades';
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
  return Object.fromEntries(
    UPGRADE_KINDS.map((kind) => [kind, user[UPGRADE_PROPERTIES[kind]]]),
  ) as UpgradeLevels;
}
