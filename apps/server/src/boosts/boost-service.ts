import { utcDay } from '@titans/shared/boosts/free-refill';
import type { BoostsView } from '@titans/shared/boosts/schemas';
import {
  tapStats,
  UPGRADE_KINDS,
  UPGRADES,
  type UpgradeKind,
  upgradePrice,
} from '@titans/shared/boosts/upgrades';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';
import type { Database, RawQuery } from '../db/database.ts';
import { selectList } from '../db/select-list.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import { upgradeColumn, upgradeLevelsOf } from '../users/upgrade-levels.ts';
import type { LiveBalanceSource } from '../users/user-view.ts';
import { type BoostRow, boostColumns, boostsView, freeRefillOf } from './boost-view.ts';

export interface BoostServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  live: LiveBalanceSource;
  now: Clock;
}

/**
 * The player's Boost columns only (PGlite formats and parses every column a read returns), as
 * fixed SQL: these statements run on every purchase and refill.
 */
const BOOST_ROW = selectList(boostColumns);
const BOOST_ROW_SQL = `select ${BOOST_ROW} from users where id = $1`;

/** B1's level step: from exactly the level priced to the next (a stale level updates nothing). */
const LEVEL_UP_SQL = Object.fromEntries(
  UPGRADE_KINDS.map((kind) => {
    const column = `"${upgradeColumn(kind).name}"`;
    return [
      kind,
      `update users set ${column} = ${column} + 1, updated_at = $3
        where id = $1 and ${column} = $2 returning ${BOOST_ROW}`,
    ];
  }),
) as Record<UpgradeKind, string>;

const REFILL_SQL = `update users set free_refills_day = $2::date, free_refills_used = $3, last_free_refill_at = $4
  where id = $1 returning ${BOOST_ROW}`;

async function userIn(query: RawQuery, userId: string): Promise<BoostRow | null> {
  const [row] = await query<BoostRow>(BOOST_ROW_SQL, [userId]);
  return row ?? null;
}

/** Upgrades (B1) and free refills (B2): rules from packages/shared, money through the gateway. */
export class BoostService {
  constructor(private readonly deps: BoostServiceDeps) {}

  async view(userId: string): Promise<Result<BoostsView>> {
    const user = await userIn(this.deps.database.query, userId);
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
  ): Promise<Result<BoostsView>> {
    let after: BoostRow | undefined;
    const result = await this.deps.gateway.change(
      userId,
      async (money) => {
        const user = await userIn(money.query, userId);
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
        // The level moves from exactly `level` to `level + 1`; the ledger key is per level too.
        [after] = await money.query<BoostRow>(LEVEL_UP_SQL[kind], [userId, level, new Date(money.now)]);
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
  ): Promise<Result<BoostsView>> {
    let after: BoostRow | undefined;
    const result = await this.deps.gateway.change(
      userId,
      async (money) => {
        const user = await userIn(money.query, userId);
        if (!user) return money.fail('user/not-found');
        const { energy, max } = money.energy(userId);
        if (energy >= max) return money.fail('boost/energy-full');
        const check = freeRefillOf(user, money.now);
        if (!check.ok)
          return money.fail(check.reason === 'cooldown' ? 'boost/refill-cooldown' : 'boost/no-refills-left');
        await money.setEnergy(userId, tapStats(upgradeLevelsOf(user)).maxEnergy);
        [after] = await money.query<BoostRow>(REFILL_SQL, [
          userId,
          utcDay(money.now),
          check.usedToday + 1,
          new Date(money.now),
        ]);
        return { used_today: check.usedToday + 1 };
      },
      { idempotencyKey: options.idempotencyKey, scope: 'boost-refill', actingPlayers: [userId] },
    );
    return this.answer(userId, result, after);
  }

  /**
   * The Boost screen after a change, from the row the change itself returned; a replayed
   * request did no work, so it answers the player as they are now.
   */
  private async answer(
    userId: string,
    result: Result<unknown>,
    after: BoostRow | undefined,
  ): Promise<Result<BoostsView>> {
    if (!result.ok) return result;
    if (!after) return this.view(userId);
    return { ok: true, value: boostsView(after, this.deps.live, this.deps.now()) };
  }

  title(kind: UpgradeKind) {
    return UPGRADES[kind].title;
  }
}
