import { checkFreeRefill, utcDay } from '@titans/shared/boosts/free-refill';
import { type BoostsView, boostsViewSchema, buyUpgradeBodySchema } from '@titans/shared/boosts/schemas';
import {
  tapStats,
  UPGRADE_KINDS,
  UPGRADES,
  type UpgradeKind,
  upgradePrice,
} from '@titans/shared/boosts/upgrades';
import {
  ENERGY_PER_CAPACITY_LEVEL,
  ENERGY_REGEN_PER_LEVEL,
  FREE_REFILLS_PER_DAY,
  REFILL_COOLDOWN_REDUCTION_SECONDS,
} from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { changeBalance } from '../ledger/ledger.ts';
import type { TapEngine } from '../taps/tap-engine.ts';
import { type UserRow, upgradeLevelsOf } from '../users/user-service.ts';
import { currentBalances } from '../users/user-view.ts';

const LEVEL_PROPERTY = {
  tap_power: 'tapPowerLevel',
  energy_capacity: 'energyCapacityLevel',
  energy_regen: 'energyRegenLevel',
  cooldown_reduction: 'cooldownReductionLevel',
} as const;

const LEVEL_COLUMN = {
  tap_power: users.tapPowerLevel,
  energy_capacity: users.energyCapacityLevel,
  energy_regen: users.energyRegenLevel,
  cooldown_reduction: users.cooldownReductionLevel,
} as const;

function effectText(kind: UpgradeKind, level: number): string {
  switch (kind) {
    case 'tap_power':
      return `×${1 + level} per tap`;
    case 'energy_capacity':
      return `+${level * ENERGY_PER_CAPACITY_LEVEL} max energy`;
    case 'energy_regen':
      return `+${level * ENERGY_REGEN_PER_LEVEL} energy/s`;
    case 'cooldown_reduction':
      return `−${(level * REFILL_COOLDOWN_REDUCTION_SECONDS) / 60} min refill wait`;
  }
}

/** B2: whether the user may take a free refill now, from their stored counters and Quick Refill level. */
function freeRefillOf(user: UserRow, now: number) {
  return checkFreeRefill(
    {
      day: user.freeRefillsDay,
      used: user.freeRefillsUsed,
      lastUsedAt: user.lastFreeRefillAt?.getTime() ?? null,
    },
    tapStats(upgradeLevelsOf(user)).refillCooldownSeconds,
    now,
  );
}

/** The Boost screen: every upgrade track with its next price, and the free refills left today. */
export function boostsView(user: UserRow, engine: TapEngine, now: number): BoostsView {
  const levels = upgradeLevelsOf(user);
  const stats = tapStats(levels);
  const balances = currentBalances(user, engine, now);
  const refill = freeRefillOf(user, now);
  return {
    upgrades: UPGRADE_KINDS.map((kind) => {
      const level = levels[kind];
      const price = upgradePrice(kind, level);
      return {
        kind,
        title: UPGRADES[kind].title,
        description: UPGRADES[kind].description,
        level,
        max_level: UPGRADES[kind].maxLevel,
        price,
        effect: effectText(kind, level),
        next_effect: price === null ? null : effectText(kind, level + 1),
      };
    }),
    free_refill: {
      per_day: FREE_REFILLS_PER_DAY,
      used_today: refill.usedToday,
      remaining: FREE_REFILLS_PER_DAY - refill.usedToday,
      cooldown_seconds: stats.refillCooldownSeconds,
      available_at:
        !refill.ok && refill.availableAt !== null ? new Date(refill.availableAt).toISOString() : null,
    },
    coins: balances.coins,
    energy: balances.energy,
    max_energy: balances.max_energy,
    energy_regen_rate: stats.regenPerSecond,
    tap_multiplier: stats.tapMultiplier,
  };
}

/** GET /boosts, POST /boosts/upgrade, POST /boosts/refill. */
export function boostRoutes({
  database,
  engine,
}: {
  database: Database;
  engine: TapEngine;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const reload = async (userId: string) => {
      const [row] = await database.db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw new ApiError('user/not-found');
      return row;
    };
    const response = { 200: codeEnvelope(boostsViewSchema) };

    app.get('/boosts', { schema: { response } }, async (request) => {
      const user = await reload(requireUser(request).id);
      return { code: 200, data: boostsView(user, engine, Date.now()), message: 'Boosts found' };
    });

    app.post('/boosts/upgrade', { schema: { body: buyUpgradeBodySchema, response } }, async (request) => {
      const userId = requireUser(request).id;
      const kind = request.body.kind;
      // Coins from taps still in memory count towards the price: make them durable first.
      await engine.flush();
      await engine.exclusive(async () => {
        const user = await reload(userId);
        const level = upgradeLevelsOf(user)[kind];
        const price = upgradePrice(kind, level);
        if (price === null) throw new ApiError('boost/max-level');
        const column = LEVEL_COLUMN[kind];
        await database.db.transaction(async (tx) => {
          // B1: the level moves from exactly `level` to `level + 1`; a concurrent purchase of the
          // same level finds no row here, and the idempotency key refuses it in the ledger too.
          const [bumped] = await tx
            .update(users)
            .set({ [LEVEL_PROPERTY[kind]]: sql`${column} + 1`, updatedAt: new Date() })
            .where(and(eq(users.id, userId), eq(column, level)))
            .returning({ id: users.id });
          if (!bumped) throw new ApiError('request/invalid', 'This boost changed meanwhile; try again');
          await changeBalance(tx, {
            userId,
            currency: 'coins',
            delta: -price,
            reason: `boost:${kind}`,
            idempotencyKey: `boost:${userId}:${kind}:${level + 1}`,
            meta: { kind, level: level + 1 },
            insufficientError: 'boost/insufficient-coins',
          });
        });
        await engine.refresh(userId);
      });
      const user = await reload(userId);
      return {
        code: 200,
        data: boostsView(user, engine, Date.now()),
        message: `${UPGRADES[kind].title} upgraded`,
      };
    });

    app.post('/boosts/refill', { schema: { response } }, async (request) => {
      const userId = requireUser(request).id;
      await engine.exclusive(async () => {
        const user = await reload(userId);
        const now = Date.now();
        const stats = tapStats(upgradeLevelsOf(user));
        const balances = currentBalances(user, engine, now);
        if (balances.energy >= balances.max_energy) throw new ApiError('boost/energy-full');
        const check = freeRefillOf(user, now);
        if (!check.ok)
          throw new ApiError(check.reason === 'cooldown' ? 'boost/refill-cooldown' : 'boost/no-refills-left');
        const [updated] = await database.db
          .update(users)
          .set({
            energy: stats.maxEnergy,
            energyUpdatedAt: new Date(now),
            freeRefillsDay: utcDay(now),
            freeRefillsUsed: check.usedToday + 1,
            lastFreeRefillAt: new Date(now),
            updatedAt: new Date(now),
          })
          // The counter must still be what was checked: two refills at once cannot both pass.
          .where(and(eq(users.id, userId), eq(users.freeRefillsUsed, user.freeRefillsUsed)))
          .returning({ id: users.id });
        if (!updated) throw new ApiError('boost/no-refills-left');
        await engine.refresh(userId, { energy: true });
      });
      const user = await reload(userId);
      return { code: 200, data: boostsView(user, engine, Date.now()), message: 'Energy refilled' };
    });
  };
}
