import { utcDay } from '@titans/shared/boosts/free-refill';
import type { BoostsView } from '@titans/shared/boosts/schemas';
import { tapStats, UPGRADES, type UpgradeKind, upgradePrice } from '@titans/shared/boosts/upgrades';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import { failed, type MoneyResult } from '../money/money-result.ts';
import { UPGRADE_PROPERTIES, upgradeColumn, upgradeLevelsOf } from '../users/upgrade-levels.ts';
import type { LiveBalanceSource } from '../users/user-view.ts';
import { type BoostRow, boostColumns, boostsView, freeRefillOf } from './boost-view.ts';

export interface BoostServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  live: LiveBalanceSource;
  now: Clock;
}

/** The player's Boost columns only (PGlite formats and parses every column a read returns). */
async function userIn(tx: Tx | Database['db'], userId: string): Promise<BoostRow | null> {
  const [row] = await tx.select(boostColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Upgrades (B1) and free refills (B2): rules from packages/shared, money through the gateway. */
export class BoostService {
  constructor(private readonly deps: BoostServiceDeps) {}

  async view(userId: string): Promise<MoneyResult<BoostsView>> {
    const user = await userIn(this.deps.database.db, userId);
    if (!user) return failed('user/not-found');
    return { ok: true, value: boostsView(user, this.deps.live, this.deps.now()) };
  }

  /**
   * B1: buys the next level of one track and answers the Boost screen after it. `expectedLevel`
   * (optional) makes a repeated request buy nothing: it must name the level the player sees now.
   */
  async buyUpgrade(
    userId: string,
    kind: UpgradeKind,
    options: { expectedLevel?: number | undefined; idempotencyKey?: string | undefined } = {},
  ): Promise<MoneyResult<BoostsView>> {
    let after: BoostRow | undefined;
    const result = await this.deps.gateway.change(
      userId,
      async (money) => {
        const user = await userIn(money.tx, userId);
        if (!user) return money.fail('user/not-found');
        const level = upgradeLevelsOf(user)[kind];
        if (options.expectedLevel !== undefined && options.expectedLevel !== level)
          return money.fail('boost/level-changed');
        const price = upgradePrice(kind, level);
        if (price === null) return money.fail('boost/max-level');
        await money.apply({
          userId,
          currency: 'coins',
          delta: -price,
          reason: `boost:${kind}`,
          idempotencyKey: `boost:${userId}:${kind}:${level + 1}`,
          meta: { kind, level: level + 1 },
          insufficient: 'boost/insufficient-coins',
        });
        const column = upgradeColumn(kind);
        // The level moves from exactly `level` to `level + 1`; the ledger key is per level too.
        [after] = await money.tx
          .update(users)
          .set({ [UPGRADE_PROPERTIES[kind]]: sql`${column} + 1`, updatedAt: new Date(money.now) })
          .where(and(eq(users.id, userId), eq(column, level)))
          .returning(boostColumns);
        if (!after) return money.fail('request/conflict');
        return { kind, level: level + 1 };
      },
      { idempotencyKey: options.idempotencyKey, scope: `boost-upgrade:${kind}` },
    );
    return this.answer(userId, result, after);
  }

  /** B2: a free full-energy refill, a few times a UTC day with a cooldown between two. */
  async refill(
    userId: string,
    options: { idempotencyKey?: string | undefined } = {},
  ): Promise<MoneyResult<BoostsView>> {
    let after: BoostRow | undefined;
    const result = await this.deps.gateway.change(
      userId,
      async (money) => {
        const user = await userIn(money.tx, userId);
        if (!user) return money.fail('user/not-found');
        const { energy, max } = money.energy(userId);
        if (energy >= max) return money.fail('boost/energy-full');
        const check = freeRefillOf(user, money.now);
        if (!check.ok)
          return money.fail(check.reason === 'cooldown' ? 'boost/refill-cooldown' : 'boost/no-refills-left');
        await money.setEnergy(userId, tapStats(upgradeLevelsOf(user)).maxEnergy);
        [after] = await money.tx
          .update(users)
          .set({
            freeRefillsDay: utcDay(money.now),
            freeRefillsUsed: check.usedToday + 1,
            lastFreeRefillAt: new Date(money.now),
          })
          .where(eq(users.id, userId))
          .returning(boostColumns);
        return { used_today: check.usedToday + 1 };
      },
      { idempotencyKey: options.idempotencyKey, scope: 'boost-refill' },
    );
    return this.answer(userId, result, after);
  }

  /**
   * The Boost screen after a change, from the row the change itself returned; a replayed
   * request did no work, so it answers the player as they are now.
   */
  private async answer(
    userId: string,
    result: MoneyResult<unknown>,
    after: BoostRow | undefined,
  ): Promise<MoneyResult<BoostsView>> {
    if (!result.ok) return result;
    if (!after) return this.view(userId);
    return { ok: true, value: boostsView(after, this.deps.live, this.deps.now()) };
  }

  title(kind: UpgradeKind) {
    return UPGRADES[kind].title;
  }
}
