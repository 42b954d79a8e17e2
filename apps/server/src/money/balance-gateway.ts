import type { ErrorCode } from '@titans/shared/errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PlayerOwnership } from '../cluster/player-ownership.ts';
import type { LockScope } from '../config/config-types.ts';
import { TapsNotDurableError } from '../core/errors.ts';
import { type Failure, failed, type Result, succeeded } from '../core/result.ts';
import type { Database, RawQuery, Tx } from '../db/database.ts';
import { idempotentResults } from '../db/schema.ts';
import { type BalanceChange, changeBalance, isUniqueViolation } from '../ledger/ledger.ts';
import type { EnergyEffect, LiveRow, TapEngine } from '../taps/tap-engine.ts';
import { KeyedMutex } from './keyed-mutex.ts';

/** What a feature can do inside one balance change; everything it writes commits or rolls back together. */
export interface MoneyContext {
  /** The change's transaction: the feature's own writes (ownership, progress, records) go here. */
  tx: Tx;
  /**
   * Raw SQL in the same transaction, for a hot path's few fixed statements (rows as
   * `Database.query` gives them); drizzle builds its queries again on every call.
   */
  query: RawQuery;
  /** The app clock's time for this change, in ms. */
  now: number;
  /**
   * L1: writes one balance change and its ledger row; answers the new balance. A debit above the
   * balance aborts the whole change with `change.insufficient` (default `ledger/insufficient-funds`).
   */
  apply(change: BalanceChange): Promise<number>;
  /** A held player's energy now: stored, regenerated, minus the taps still in memory. */
  energy(userId: string): { energy: number; max: number };
  /** Spends energy (entering a battle); aborts with `insufficient` when there is not enough. */
  spendEnergy(userId: string, amount: number, insufficient: ErrorCode): Promise<number>;
  /** Sets energy (a refill). */
  setEnergy(userId: string, energy: number): Promise<void>;
  /**
   * Gives energy back up to the player's maximum (a voided battle's entry). For a player owned by
   * another process it is applied there after the commit (D-CLUSTER-14).
   */
  giveEnergy(userId: string, amount: number): Promise<void>;
  /** Aborts the change: nothing it wrote stays, and the change answers this failure. */
  fail(code: ErrorCode, message?: string, data?: unknown): never;
}

export interface ChangeOptions {
  /**
   * A client's Idempotency-Key (scoped to the first player): the first answer is stored in the
   * change's own transaction and a replay answers it again without doing the work twice.
   */
  idempotencyKey?: string;
  /** What the key is used for; the same key for another scope is refused. */
  scope?: string;
  /**
   * The players whose own request this change serves (a battle entry, an energy refill): in a
   * cluster one that another process holds moves here first, as their tap moves them, because
   * only a player's owner knows their energy (D-CLUSTER-14).
   */
  actingPlayers?: readonly string[];
}

/**
 * A held player's energy, stored with the time it was true (a refill, an entry's cost), under the
 * epoch this process holds them with (D-CLUSTER-14): no row means another process took them.
 */
const ENERGY_SQL = `update users set energy = $2, energy_updated_at = $3, updated_at = $3
  where id = $1 and owner_epoch = $4 returning id`;

/** Locks the change's players' rows in a fixed order (cluster mode: the cross-process queue). */
const LOCK_PLAYERS_SQL = 'select id from users where id = any($1::uuid[]) order by id for update';

const ELSEWHERE_MESSAGE = 'This player is busy on another server; try again in a moment';

/** What a change gathers as it runs, for after its commit. */
interface ChangeState {
  /** Energy effects on players held here, applied to their live state. */
  effects: Map<string, EnergyEffect>;
  /** Players owned by another process (node id), told after the commit. */
  elsewhere: Map<string, string>;
  /** Energy given back to players owned elsewhere, applied by their owner. */
  gifts: Map<string, number>;
  applied: BalanceChange[];
}

/** Thrown inside a change to roll its transaction back; carries the failure to answer. */
class Abort extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message ?? failure.code);
  }
}

export interface BalanceGatewayOptions {
  database: Database;
  engine: TapEngine;
  logger: FastifyBaseLogger;
  now: () => number;
  lockScope?: LockScope;
  /** Told every committed balance change (the operator's metrics count them by reason). */
  onCommitted?: (changes: readonly BalanceChange[]) => void;
  /** In a cluster: tells the owner of a player changed here (D-CLUSTER-14). */
  ownership?: PlayerOwnership;
}

/**
 * The one way to change a balance outside the tap stream (docs/architecture.md, "How to change
 * a balance"). For each player it is a queue of one: the change waits for that player's earlier
 * changes only, writes the player's pending taps, runs the feature's work in one transaction
 * through the ledger, then refreshes the player's live state and pushes it to their sockets.
 * Other players' taps keep flushing on schedule meanwhile.
 */
export class BalanceGateway {
  private readonly locks = new KeyedMutex();
  readonly stats = { changes: 0, failures: 0, replays: 0 };

  constructor(private readonly options: BalanceGatewayOptions) {}

  /** One player's change. */
  change<T>(
    userId: string,
    work: (money: MoneyContext) => Promise<T>,
    options: ChangeOptions = {},
  ): Promise<Result<T>> {
    return this.changeMany([userId], work, options);
  }

  /**
   * A change that touches several players (a battle's payout, a referral reward). Their queues are
   * taken in a fixed order, so two such changes never deadlock. The first player owns the key.
   */
  async changeMany<T>(
    userIds: readonly string[],
    work: (money: MoneyContext) => Promise<T>,
    options: ChangeOptions = {},
  ): Promise<Result<T>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) throw new Error('A balance change needs at least one player');
    const release =
      this.options.lockScope === 'global' ? await this.locks.lock('*') : await this.locks.lockAll(ids);
    try {
      return await this.run(ids, work, options);
    } finally {
      release();
    }
  }

  private async run<T>(
    ids: string[],
    work: (money: MoneyContext) => Promise<T>,
    options: ChangeOptions,
  ): Promise<Result<T>> {
    const { engine, database } = this.options;
    const held: string[] = [];
    const change: ChangeState = { effects: new Map(), elsewhere: new Map(), gifts: new Map(), applied: [] };
    const after = new Map<string, LiveRow | undefined>();
    let committed = false;
    try {
      for (const id of ids) {
        const holding = await engine.hold(id, options.actingPlayers?.includes(id) ?? false);
        if (!holding) return this.failure(failed('user/not-found'));
        if (holding.kind === 'here') held.push(id);
        else change.elsewhere.set(id, holding.node);
      }
      const now = this.options.now();
      // The first player owns the key (changeMany refuses an empty list).
      const owner = ids[0] ?? '';
      const key = options.idempotencyKey;
      const outcome = await database.transaction(async (tx, query) => {
        // In a cluster the players' rows are the queue: a change made on another process for the
        // same player waits here (fixed order, so two changes never deadlock).
        if (this.options.ownership) await query(LOCK_PLAYERS_SQL, [ids]);
        if (key) {
          const replay = await this.replay(tx, owner, key, options.scope);
          if (replay) return replay;
        }
        const value = await work(this.context(tx, query, now, new Set(ids), change));
        if (key) {
          await tx.insert(idempotentResults).values({
            userId: owner,
            key,
            scope: options.scope ?? '',
            result: value === undefined ? null : value,
          });
        }
        // The players as the change leaves them, for their live state: no read after the commit.
        for (const id of held) after.set(id, await engine.readHeld(query, id));
        return { replayed: false as const, value };
      });
      committed = !outcome.replayed;
      if (outcome.replayed) this.stats.replays++;
      else this.stats.changes++;
      if (committed && change.applied.length > 0) this.options.onCommitted?.(change.applied);
      if (committed) this.tellOwners(change);
      // A replay answers the JSON stored when this key's change first ran, which was a T then
      // (the boundary: the database does not keep the type).
      return succeeded(outcome.value as T);
    } catch (error) {
      if (error instanceof Abort) return this.failure(error.failure);
      if (error instanceof TapsNotDurableError) return this.failure(failed('server/unavailable'));
      // Two changes raced on a unique row (the same purchase from two processes): nothing was written.
      if (isUniqueViolation(error)) return this.failure(failed('request/conflict'));
      throw error;
    } finally {
      for (const id of held) {
        await engine
          .release(id, committed ? { row: after.get(id), effect: change.effects.get(id) } : undefined)
          .catch((error: unknown) =>
            this.options.logger.error(
              { err: error, userId: id },
              'refreshing a player after a change failed',
            ),
          );
      }
    }
  }

  /** Players owned by other processes hear of the change (and get their energy back) there. */
  private tellOwners(change: ChangeState) {
    for (const [userId, node] of change.elsewhere) {
      const energy = change.gifts.get(userId);
      this.options.ownership?.tellOwner(node, energy ? { userId, energy } : { userId });
    }
  }

  private failure(failure: Failure): Failure {
    this.stats.failures++;
    return failure;
  }

  private async replay(tx: Tx, owner: string, key: string, scope = '') {
    const [stored] = await tx
      .select()
      .from(idempotentResults)
      .where(and(eq(idempotentResults.userId, owner), eq(idempotentResults.key, key)))
      .limit(1);
    if (!stored) return null;
    if (stored.scope !== scope) throw new Abort(failed('request/idempotency-mismatch'));
    return { replayed: true as const, value: stored.result };
  }

  private context(
    tx: Tx,
    query: RawQuery,
    now: number,
    players: Set<string>,
    change: ChangeState,
  ): MoneyContext {
    const { engine } = this.options;
    const requireHeld = (userId: string) => {
      if (!players.has(userId)) throw new Error(`Player ${userId} is not part of this change`);
    };
    const fail = (code: ErrorCode, message?: string, data?: unknown): never => {
      throw new Abort(failed(code, message, data));
    };
    const energy = (userId: string) => {
      requireHeld(userId);
      // Only a player's owner knows their energy (D-CLUSTER-14).
      if (change.elsewhere.has(userId)) return fail('server/unavailable', ELSEWHERE_MESSAGE);
      const current = engine.energyOf(userId);
      if (!current) throw new Error(`Player ${userId} is not loaded`);
      return current;
    };
    const writeEnergy = async (userId: string, value: number) => {
      const rows = await query(ENERGY_SQL, [userId, value, new Date(now), engine.epochOf(userId)]);
      // Another process took the player meanwhile: its energy is not ours to write.
      if (rows.length === 0) fail('server/unavailable', ELSEWHERE_MESSAGE);
    };
    return {
      tx,
      query,
      now,
      async apply(balance) {
        requireHeld(balance.userId);
        const result = await changeBalance(query, balance);
        if (!result.ok) return fail(result.code, result.message, result.data);
        change.applied.push(balance);
        return result.value;
      },
      energy,
      async spendEnergy(userId, amount, insufficient) {
        if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`Invalid energy amount ${amount}`);
        const current = energy(userId).energy;
        if (current < amount) return fail(insufficient);
        await writeEnergy(userId, current - amount);
        const effect = change.effects.get(userId) ?? {};
        change.effects.set(userId, { ...effect, spent: (effect.spent ?? 0) + amount });
        return current - amount;
      },
      async setEnergy(userId, value) {
        energy(userId);
        await writeEnergy(userId, value);
        change.effects.set(userId, { set: value });
      },
      async giveEnergy(userId, amount) {
        if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`Invalid energy amount ${amount}`);
        requireHeld(userId);
        if (change.elsewhere.has(userId)) {
          change.gifts.set(userId, (change.gifts.get(userId) ?? 0) + amount);
          return;
        }
        const current = energy(userId);
        const restored = Math.min(current.max, current.energy + amount);
        if (restored <= current.energy) return;
        await writeEnergy(userId, restored);
        change.effects.set(userId, { set: restored });
      },
      fail,
    };
  }
}
