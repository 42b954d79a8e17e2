import { describe, expect, it } from 'vitest';
import { checkFreeRefill } from '../src/boosts/free-refill.ts';
import { tapStats, UPGRADES, upgradePrice } from '../src/boosts/upgrades.ts';
import { BASE_MAX_ENERGY, FREE_REFILLS_PER_DAY } from '../src/constants.ts';

describe('boosts', () => {
  it('B1 upgrade prices grow geometrically and stop at the maximum level', () => {
    expect(upgradePrice('tap_power', 0)).toBe(2_000);
    expect(upgradePrice('tap_power', 1)).toBe(4_000);
    expect(upgradePrice('tap_power', 3)).toBe(16_000);
    for (const definition of Object.values(UPGRADES)) {
      for (let level = 1; level < definition.maxLevel; level++) {
        expect(upgradePrice(definition.kind, level)!).toBeGreaterThan(
          upgradePrice(definition.kind, level - 1)!,
        );
      }
      expect(upgradePrice(definition.kind, definition.maxLevel)).toBeNull();
    }
  });

  it('B1 levels drive max energy, regeneration, multiplier and refill cooldown', () => {
    const base = tapStats({ tap_power: 0, energy_capacity: 0, energy_regen: 0, cooldown_reduction: 0 });
    expect(base.maxEnergy).toBe(BASE_MAX_ENERGY);
    expect(base.tapMultiplier).toBe(1);
    const up = tapStats({ tap_power: 2, energy_capacity: 3, energy_regen: 1, cooldown_reduction: 2 });
    expect(up.maxEnergy).toBe(BASE_MAX_ENERGY + 1500);
    expect(up.tapMultiplier).toBe(3);
    expect(up.regenPerSecond).toBe(base.regenPerSecond + 1);
    expect(up.refillCooldownSeconds).toBe(base.refillCooldownSeconds - 1200);
  });

  it('B2 free refills: a few a UTC day, a cooldown between them, a fresh count each day', () => {
    const day = Date.UTC(2026, 10, 21, 12);
    const hour = 3_600_000;
    expect(checkFreeRefill({ day: null, used: 0, lastUsedAt: null }, 3600, day)).toEqual({
      ok: true,
      usedToday: 0,
    });
    expect(
      checkFreeRefill({ day: '2026-11-21', used: 1, lastUsedAt: day - 10 * 60_000 }, 3600, day),
    ).toMatchObject({
      ok: false,
      reason: 'cooldown',
      availableAt: day + 50 * 60_000,
    });
    expect(
      checkFreeRefill(
        { day: '2026-11-21', used: FREE_REFILLS_PER_DAY, lastUsedAt: day - 5 * hour },
        3600,
        day,
      ),
    ).toMatchObject({ ok: false, reason: 'no-refills-left' });
    expect(
      checkFreeRefill(
        { day: '2026-11-20', used: FREE_REFILLS_PER_DAY, lastUsedAt: day - 20 * hour },
        3600,
        day,
      ),
    ).toEqual({ ok: true, usedToday: 0 });
  });
});
