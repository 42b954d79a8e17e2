import { randomBytes } from 'node:crypto';
import { tapStats } from '@titans/shared/boosts/upgrades';
import {
  DEFAULT_TAP_VALUE,
  MAX_CLIENT_IDS_PER_PLAYER,
  TAP_FLAG_SECONDS_PER_MINUTE,
  TAP_FLUSH_CHUNK_ROWS,
  TAP_SESSION_RETENTION_DAYS,
} from '@titans/shared/constants';
import { regenerate } from '@titans/shared/taps/energy';
import type { StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import {
  applyTaps,
  currentCombo,
  initialTapState,
  type TapContext,
  type TapState,
} from '@titans/shared/taps/tap-rules';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, RawQuery } from '../db/database.ts';
import { tapFlags, tapSessions, users } from '../db/schema.ts';
import { selectList } from '../db/select-list.ts';
import { isUniqueViolation } from '../ledger/ledger.ts';
import { type LevelsRow, upgradeLevelColumns, upgradeLevelsOf } from '../users/upgrade-levels.ts';
import type { LiveBalance, LiveBalanceSource } from '../users/user-view.ts';

/** Client ids with this prefix belong to one socket and are never persisted. */
export const EPHEMERAL_CLIENT = 'socket:';

/** A connection that wants a user's balance updates (one per socket). */
export interface TapSubscriber {
  /** Stable per page load, or `socket:<id>` when the client sent none (dedupe within the socket only). */
  clientId: string;
  send(event: 'statusUpdated' | 'energyUpdated' | 'coinsUpdated', payload: StatusPayload): void;
}

interface ClientSeq {
  /** Highest batch applied in memory. */
  applied: number;
  /** Highest batch known durable. */
  durable: number;
}

/** A user while they are tapping: the single authority over their energy and unflushed coins. */
interface LiveUser {
  userId: string;
  context: TapContext;
  hasCharacter: boolean;
  state: TapState;
  /** Coins as last read from or written to the database. */
  confirmedCoins: number;
  gems: number;
  /** Accepted, not yet handed to a flush. */
  pendingCoins: number;
  pendingTaps: number;
  /** Handed to the flush that is writing now. */
  inflightCoins: number;
  inflightTaps: number;
  seqs: Map<string, ClientSeq>;
  subscribers: Set<TapSubscriber>;
  /** Balance changes under way (BalanceGateway): the periodic flush leaves this user alone. */
  held: number;
  lastTouched: number;
  /** When the first pending tap was accepted (performance.now()); 0 with none pending. */
  pendingSince: number;
  overCapSeconds: number[];
  rejectedForRate: number;
  lastFlaggedAt: number;
}

/** What the engine keeps of a user's row, with their hero's tap value (null: no hero chosen). */
export interface LiveRow extends LevelsRow {
  selectedCharacterId: string | null;
  energy: number;
  energyUpdatedAt: Date;
  coins: number;
  gems: number;
  tapValue: number | null;
}

/**
 * Read on every load and inside every balance change, as fixed SQL. Only the columns the engine
 * keeps: PGlite formats and parses every column it returns, and the whole 40-column row cost
 * about twice this read's CPU (issue 6).
 */
const LIVE_ROW_SQL = `select ${selectList({
  ...upgradeLevelColumns,
  selectedCharacterId: users.selectedCharacterId,
  energy: users.energy,
  energyUpdatedAt: users.energyUpdatedAt,
  coins: users.coins,
  gems: users.gems,
})}, (select tap_value from characters where id = users.selected_character_id) as "tapValue"
  from users where id = $1`;

export interface TapEngineOptions {
  database: Database;
  logger: FastifyBaseLogger;
  flushIntervalMs: number;
  now?: () => number;
  /** Users idle this long with no connection are dropped from memory. */
  idleEvictMs?: number;
  /** Timings for the operator's metrics (metrics/game-metrics.ts); measured on the monotonic clock. */
  observer?: TapObserver;
}

/** What the Prometheus metrics learn from the engine beyond its counters. */
export interface TapObserver {
  /** A periodic flush wrote `rows` players in `ms`. */
  flushed(ms: number, rows: number): void;
  /** A player's taps became durable `ms` after the first of them was accepted. */
  confirmed(ms: number): void;
}

/** What a balance change did to energy, applied to the live state after its commit. */
export interface EnergyEffect {
  /** Energy set to this value (a refill). */
  set?: number;
  /** Energy spent (entering a battle); taps applied meanwhile keep their own spending. */
  spent?: number;
}

/** The database could not take a user's pending taps; the change that needed them must wait. */
export class TapsNotDurableError extends Error {
  constructor() {
    super('Pending taps could not be written');
    this.name = 'TapsNotDurableError';
  }
}

export type TapResult =
  | { ok: true; payload: TapRegisteredPayload }
  | { ok: false; code: 'tap/no-user' | 'tap/no-character' | 'user/not-found' };

interface StoredCoins {
  id: string;
  coins: number | string;
  gems: number | string;
}

interface FlushRow {
  user: LiveUser;
  delta: number;
  taps: number;
  energy: number;
  energyAt: number;
  seqs: Array<[string, number]>;
  /** When the first of these taps was accepted (performance.now()), for the confirmation latency. */
  since: number;
}

// One statement per chunk: balances, their ledger rows and the durable batch numbers together.
// bench:taps' floor (scripts/bench/floor-server.ts) writes with it too.
export const FLUSH_SQL = `
with input as (
  select * from unnest($1::uuid[], $2::bigint[], $3::int[], $4::timestamptz[], $5::bigint[], $6::text[])
    as t(user_id, delta, energy, energy_at, taps, key)
), updated as (
  update users u
     set coins = u.coins + i.delta,
         total_coins_earned = u.total_coins_earned + i.delta,
         total_taps = u.total_taps + i.taps,
         energy = i.energy,
         energy_updated_at = i.energy_at,
         updated_at = now()
    from input i
   where u.id = i.user_id
  returning u.id, u.coins, u.gems, i.delta, i.taps, i.key
), ledgered as (
  insert into ledger (user_id, currency, delta, balance_after, reason, idempotency_key, meta)
  select id, 'coins', delta, coins, 'tap', key, jsonb_build_object('taps', taps)
    from updated where delta > 0
  returning user_id
), sessions as (
  insert into tap_sessions (user_id, client_id, last_seq)
  select * from unnest($7::uuid[], $8::text[], $9::bigint[])
  on conflict (user_id, client_id)
  do update set last_seq = greatest(tap_sessions.last_seq, excluded.last_seq), updated_at = now()
  returning user_id
)
select id, coins, gems from updated`;

/**
 * The authority over tapping. Taps are applied in memory by the pure rules, one event at a time
 * (Node runs each handler to completion, so there is one writer per user). A flusher writes all
 * dirty users every interval with one batched statement per chunk of at most 500 rows; only
 * after the commit are the balances pushed as confirmed. A crash loses at most what was pending.
 */
export class TapEngine implements LiveBalanceSource {
  private readonly users = new Map<string, LiveUser>();
  private readonly loading = new Map<string, Promise<LiveUser | null>>();
  private readonly dirty = new Set<LiveUser>();
  private readonly bootId = randomBytes(4).toString('hex');
  private flushNumber = 0;
  private readonly retries: Array<{ rows: FlushRow[]; flushNumber: number }> = [];
  private flushing: Promise<void> | null = null;
  private closing = false;
  private timer: NodeJS.Timeout | null = null;
  private housekeeping: NodeJS.Timeout | null = null;
  private housekeepingRuns = 0;
  /** Players whose forgotten client ids still have tap_sessions rows. */
  private readonly prunable = new Set<string>();
  private readonly now: () => number;
  private readonly idleEvictMs: number;
  /** Counters for benchmarks and health: totals since start. */
  readonly stats = {
    tapEvents: 0,
    tapsAccepted: 0,
    tapsRejected: 0,
    /** tapsRejected by reason: no energy, or over the 20-a-second cap (T2). */
    tapsRejectedEnergy: 0,
    tapsRejectedRate: 0,
    /** Tap batches answered as duplicates (a resent seq, T3). */
    duplicateBatches: 0,
    coinsAccepted: 0,
    flushes: 0,
    rowsFlushed: 0,
    flushFailures: 0,
  };

  constructor(private readonly options: TapEngineOptions) {
    this.now = options.now ?? Date.now;
    this.idleEvictMs = options.idleEvictMs ?? 5 * 60_000;
  }

  start() {
    // A flush whose settling read fails (the database went away) must not become an unhandled
    // rejection: the chunk stays queued and the next interval retries it.
    this.timer = setInterval(
      () =>
        void this.flush().catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'tap flush failed; retrying next interval'),
        ),
      this.options.flushIntervalMs,
    );
    this.housekeeping = setInterval(() => {
      this.evictIdle();
      void this.pruneClientIds();
      if (++this.housekeepingRuns % 60 === 1) void this.forgetOldSessions();
    }, 60_000);
    this.housekeeping.unref();
  }

  /** Stops the timers and writes everything still pending. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    if (this.housekeeping) clearInterval(this.housekeeping);
    // Balance changes still running hold their players out of the flush: give them a moment to
    // finish, then write everyone's taps regardless (losing taps is worse than a stale energy).
    for (
      let waited = 0;
      waited < 3_000 && [...this.users.values()].some((live) => live.held > 0);
      waited += 50
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    this.closing = true;
    for (
      let attempt = 0;
      attempt < 5 && (this.dirty.size > 0 || this.retries.length > 0 || this.flushing);
      attempt++
    ) {
      await this.flushing;
      await this.flush();
    }
  }

  /** Loads a user into memory once; concurrent callers share the load. */
  async ensure(userId: string): Promise<LiveUser | null> {
    const live = this.users.get(userId);
    if (live) return live;
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  private async load(userId: string): Promise<LiveUser | null> {
    const [row] = await this.options.database.query<LiveRow>(LIVE_ROW_SQL, [userId]);
    if (!row) return null;
    // Only the most recent client ids are kept (decisions: D-BOUND-1); older rows are pruned.
    const sessions = await this.options.database.db
      .select({ clientId: tapSessions.clientId, lastSeq: tapSessions.lastSeq })
      .from(tapSessions)
      .where(eq(tapSessions.userId, userId))
      .orderBy(desc(tapSessions.updatedAt), desc(tapSessions.lastSeq))
      .limit(MAX_CLIENT_IDS_PER_PLAYER + 1);
    if (sessions.length > MAX_CLIENT_IDS_PER_PLAYER) {
      sessions.length = MAX_CLIENT_IDS_PER_PLAYER;
      this.prunable.add(userId);
    }
    sessions.reverse(); // oldest first: the map's order is the eviction order
    // Another load may have finished first while this one awaited.
    const raced = this.users.get(userId);
    if (raced) return raced;
    const live: LiveUser = {
      userId,
      context: this.contextOf(row, row.tapValue),
      hasCharacter: row.selectedCharacterId !== null,
      state: initialTapState({ energy: row.energy, at: row.energyUpdatedAt.getTime() }),
      confirmedCoins: row.coins,
      gems: row.gems,
      pendingCoins: 0,
      pendingTaps: 0,
      inflightCoins: 0,
      inflightTaps: 0,
      seqs: new Map(
        sessions.map((session) => [session.clientId, { applied: session.lastSeq, durable: session.lastSeq }]),
      ),
      subscribers: new Set(),
      held: 0,
      lastTouched: this.now(),
      pendingSince: 0,
      overCapSeconds: [],
      rejectedForRate: 0,
      lastFlaggedAt: 0,
    };
    this.users.set(userId, live);
    return live;
  }

  private contextOf(user: LevelsRow, tapValue: number | null): TapContext {
    const stats = tapStats(upgradeLevelsOf(user));
    return {
      tapValue: tapValue ?? DEFAULT_TAP_VALUE,
      tapMultiplier: stats.tapMultiplier,
      max: stats.maxEnergy,
      regenPerSecond: stats.regenPerSecond,
    };
  }

  /** Registers a connection for a user's updates and returns their current status. */
  async subscribe(userId: string, subscriber: TapSubscriber): Promise<StatusPayload | null> {
    const live = await this.ensure(userId);
    if (!live) return null;
    live.subscribers.add(subscriber);
    live.lastTouched = this.now();
    return this.status(live, subscriber.clientId);
  }

  unsubscribe(userId: string, subscriber: TapSubscriber) {
    const live = this.users.get(userId);
    if (!live) return;
    live.subscribers.delete(subscriber);
    if (subscriber.clientId?.startsWith(EPHEMERAL_CLIENT)) live.seqs.delete(subscriber.clientId);
    live.lastTouched = this.now();
  }

  /** Applies one tap event from a client. `seq` makes a resent batch count once per client. */
  async tap(userId: string, clientId: string, count: number, seq: number | undefined): Promise<TapResult> {
    const live = this.users.get(userId) ?? (await this.ensure(userId));
    if (!live) return { ok: false, code: 'user/not-found' };
    return this.tapLoaded(live, clientId, count, seq);
  }

  /**
   * The hot path for a user already in memory: synchronous, so a tap is applied and answered in
   * the same turn of the event loop. Returns undefined when the user must be loaded first.
   */
  tapIfLoaded(
    userId: string,
    clientId: string,
    count: number,
    seq: number | undefined,
  ): TapResult | undefined {
    const live = this.users.get(userId);
    return live ? this.tapLoaded(live, clientId, count, seq) : undefined;
  }

  private tapLoaded(live: LiveUser, clientId: string, count: number, seq: number | undefined): TapResult {
    if (!live.hasCharacter) return { ok: false, code: 'tap/no-character' };
    const now = this.now();
    live.lastTouched = now;
    this.stats.tapEvents++;

    if (seq !== undefined) {
      const known = live.seqs.get(clientId);
      if (known && seq <= known.applied) {
        this.stats.duplicateBatches++;
        return { ok: true, payload: this.tapPayload(live, now, seq, 0, 0, 'duplicate', 0) };
      }
      if (known) {
        known.applied = seq;
        // Most recently used last, so the bound below forgets the client unused the longest.
        if (live.seqs.size > 1) {
          live.seqs.delete(clientId);
          live.seqs.set(clientId, known);
        }
      } else {
        live.seqs.set(clientId, { applied: seq, durable: 0 });
        this.boundClientIds(live);
      }
    }

    const outcome = applyTaps(live.state, live.context, count, now);
    live.state = outcome.state;
    live.pendingCoins += outcome.coins;
    live.pendingTaps += outcome.accepted;
    this.stats.tapsAccepted += outcome.accepted;
    this.stats.tapsRejected += outcome.rejected;
    if (outcome.reason === 'energy') this.stats.tapsRejectedEnergy += outcome.rejected;
    else if (outcome.reason === 'rate') this.stats.tapsRejectedRate += outcome.rejected;
    this.stats.coinsAccepted += outcome.coins;
    if (outcome.accepted > 0 && live.pendingSince === 0) live.pendingSince = performance.now();
    if (outcome.accepted > 0 || seq !== undefined) this.dirty.add(live);
    if (outcome.reason === 'rate') this.recordOverCap(live, now, outcome.rejected);
    return {
      ok: true,
      payload: this.tapPayload(
        live,
        now,
        seq ?? null,
        outcome.accepted,
        outcome.rejected,
        outcome.reason,
        outcome.coins,
      ),
    };
  }

  private tapPayload(
    live: LiveUser,
    now: number,
    seq: number | null,
    accepted: number,
    rejected: number,
    reason: TapRegisteredPayload['reason'],
    value: number,
  ): TapRegisteredPayload {
    const pending = live.pendingCoins + live.inflightCoins;
    return {
      seq,
      accepted,
      rejected,
      reason,
      value,
      total: live.confirmedCoins + pending,
      coins: live.confirmedCoins,
      pending,
      energy: regenerate(live.state.energy, live.context, now).energy,
      max_energy: live.context.max,
      combo: currentCombo(live.state, now),
    };
  }

  /** T2: users who keep tapping over the cap are recorded for review (decisions: D-TAP-3). */
  private recordOverCap(live: LiveUser, now: number, rejected: number) {
    const second = Math.floor(now / 1000);
    live.rejectedForRate += rejected;
    if (live.overCapSeconds.at(-1) !== second) live.overCapSeconds.push(second);
    while (live.overCapSeconds.length > 0 && live.overCapSeconds[0]! <= second - 60)
      live.overCapSeconds.shift();
    if (live.overCapSeconds.length < TAP_FLAG_SECONDS_PER_MINUTE || now - live.lastFlaggedAt < 60_000) return;
    live.lastFlaggedAt = now;
    const flag = {
      userId: live.userId,
      windowStart: new Date((live.overCapSeconds[0] ?? second) * 1000),
      secondsOverCap: live.overCapSeconds.length,
      tapsRejected: live.rejectedForRate,
    };
    live.rejectedForRate = 0;
    this.options.logger.warn(flag, 'user keeps tapping over the rate cap; recorded for review');
    this.options.database.db
      .insert(tapFlags)
      .values(flag)
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'could not record tap flag'));
  }

  /** The live status of a user for one client. */
  private status(live: LiveUser, clientId: string): StatusPayload {
    const now = this.now();
    const payload: StatusPayload = {
      coins: live.confirmedCoins,
      energy: regenerate(live.state.energy, live.context, now).energy,
      max_energy: live.context.max,
      pending: live.pendingCoins + live.inflightCoins,
      gems: live.gems,
      energy_regen_rate: live.context.regenPerSecond,
      tap_value: live.context.tapValue * live.context.tapMultiplier,
      tap_multiplier: live.context.tapMultiplier,
    };
    const seq = live.seqs.get(clientId);
    if (seq) {
      payload.confirmed_seq = seq.durable;
      payload.applied_seq = seq.applied;
    }
    return payload;
  }

  live(userId: string, now: number): LiveBalance | undefined {
    const live = this.users.get(userId);
    if (!live) return undefined;
    return {
      pending: live.pendingCoins + live.inflightCoins,
      energy: regenerate(live.state.energy, live.context, now).energy,
      maxEnergy: live.context.max,
    };
  }

  /** A loaded user's energy now (stored energy regenerated, minus taps still in memory). */
  energyOf(userId: string): { energy: number; max: number } | undefined {
    const live = this.users.get(userId);
    if (!live) return undefined;
    return { energy: regenerate(live.state.energy, live.context, this.now()).energy, max: live.context.max };
  }

  /**
   * Starts a balance change for one user (BalanceGateway only): loads them, waits for a flush that
   * is writing their coins, writes their pending taps now, and keeps the periodic flush away from
   * them until `release`. Taps keep being applied in memory meanwhile. Other users are untouched.
   * Answers null when the user does not exist; throws TapsNotDurableError when the database
   * refuses the write (the taps stay queued for the flusher's retry).
   */
  async hold(userId: string): Promise<LiveUser | null> {
    const live = await this.ensure(userId);
    if (!live) return null;
    live.held++;
    try {
      for (let attempt = 0; live.inflightCoins !== 0 || live.inflightTaps !== 0; attempt++) {
        if (attempt >= 3) throw new TapsNotDurableError();
        await (this.flushing ?? this.flush());
      }
      await this.writeHeld(live);
    } catch (error) {
      this.unhold(live);
      throw error;
    }
    return live;
  }

  /** Writes a held user's pending taps on their own, with the flusher's key scheme and retry. */
  private async writeHeld(live: LiveUser) {
    if (live.pendingCoins === 0 && live.pendingTaps === 0) return;
    const row = this.takePending(live);
    const flushNumber = ++this.flushNumber;
    try {
      this.settle(
        [row],
        await this.options.database.urgent((query) => this.writeChunk(query, [row], flushNumber)),
      );
    } catch (error) {
      this.stats.flushFailures++;
      this.retries.push({ rows: [row], flushNumber });
      this.options.logger.error({ err: error, userId: live.userId }, 'writing held taps failed');
      throw new TapsNotDurableError();
    }
  }

  /**
   * Reads what a balance change leaves of a held user, inside its transaction (BalanceGateway
   * only), for `release`: the change's last statement, so the live state needs no read of its own
   * after the commit.
   */
  async readHeld(query: RawQuery, userId: string): Promise<LiveRow | undefined> {
    const [row] = await query<LiveRow>(LIVE_ROW_SQL, [userId]);
    return row;
  }

  /**
   * Ends a balance change: a committed one brings the user's row as it left it (`readHeld`: coins,
   * Stars, upgrades, character) and its effect on energy. Hands the user back to the flusher and
   * pushes `statusUpdated` to their sockets. A change that did not commit changed nothing here.
   */
  async release(userId: string, committed?: { row: LiveRow | undefined; effect: EnergyEffect | undefined }) {
    const live = this.users.get(userId);
    if (!live) return;
    try {
      if (committed?.row) this.adopt(live, committed.row);
      const effect = committed?.effect ?? {};
      const now = this.now();
      if (effect.set !== undefined) {
        live.state = { ...live.state, energy: { energy: effect.set, at: now } };
      } else if (effect.spent) {
        const current = regenerate(live.state.energy, live.context, now).energy;
        live.state = { ...live.state, energy: { energy: Math.max(0, current - effect.spent), at: now } };
      }
    } finally {
      this.unhold(live);
    }
    this.broadcast(live, 'statusUpdated');
  }

  private unhold(live: LiveUser) {
    live.held--;
    if (live.pendingCoins !== 0 || live.pendingTaps !== 0) this.dirty.add(live);
  }

  /**
   * After a change that is not about money (a new character, a background), re-reads the user's
   * tap context and pushes the new status. Coins come along, but only as the database has them.
   */
  async refresh(userId: string) {
    const live = this.users.get(userId);
    if (!live) return;
    const [row] = await this.options.database.query<LiveRow>(LIVE_ROW_SQL, [userId]);
    if (row) this.adopt(live, row);
    this.broadcast(live, 'statusUpdated');
  }

  /** Takes the user's stored upgrades, hero and balances into the live state. */
  private adopt(live: LiveUser, row: LiveRow) {
    live.context = this.contextOf(row, row.tapValue);
    live.hasCharacter = row.selectedCharacterId !== null;
    // Coins in flight are settled by their flush; while none are, the stored coins are exact.
    if (live.inflightCoins === 0) live.confirmedCoins = row.coins;
    live.gems = row.gems;
  }

  private broadcast(
    live: LiveUser,
    event: 'statusUpdated' | 'energyUpdated' | 'coinsUpdated',
    except?: TapSubscriber,
  ) {
    for (const subscriber of live.subscribers) {
      if (subscriber !== except) subscriber.send(event, this.status(live, subscriber.clientId));
    }
  }

  /** Lets the user's other connections see energy move when one of them taps. */
  notifyOthers(userId: string, except: TapSubscriber) {
    const live = this.users.get(userId);
    if (live && live.subscribers.size > 1) this.broadcast(live, 'energyUpdated', except);
  }

  /**
   * Writes every dirty user that no balance change holds; resolves once the writes are committed
   * (or have failed and been requeued).
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.dirty.size === 0 && this.retries.length === 0) return Promise.resolve();
    // One flush keeps the database for all its statements (`Database.urgent`): under load a turn
    // of the event loop between two chunks is tens of milliseconds that half the players' durable
    // confirmations would wait (issue 6).
    this.flushing = this.options.database
      .urgent((query) => this.writeDirty(query))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private async writeDirty(query: RawQuery) {
    // Chunks that failed are retried first, unchanged and with the same idempotency keys: if the
    // earlier attempt did commit (its reply was lost), the ledger's unique key refuses the retry
    // and the chunk is settled from the database instead of being credited twice.
    while (this.retries.length > 0) {
      const retry = this.retries[0]!;
      try {
        this.settle(retry.rows, await this.writeChunk(query, retry.rows, retry.flushNumber));
      } catch (error) {
        if (!isUniqueViolation(error)) {
          this.stats.flushFailures++;
          this.options.logger.error(
            { err: error, users: retry.rows.length },
            'tap flush retry failed; retrying next interval',
          );
          return;
        }
        this.settle(retry.rows, await this.readCoins(query, retry.rows));
      }
      this.retries.shift();
    }

    const rows: FlushRow[] = [];
    for (const live of this.dirty) {
      // A held user's taps are written by the balance change that holds them, or after it.
      if (live.held > 0 && !this.closing) continue;
      rows.push(this.takePending(live));
      this.dirty.delete(live);
    }
    const flushNumber = ++this.flushNumber;
    const started = performance.now();
    for (let start = 0; start < rows.length; start += TAP_FLUSH_CHUNK_ROWS) {
      const chunk = rows.slice(start, start + TAP_FLUSH_CHUNK_ROWS);
      try {
        this.settle(chunk, await this.writeChunk(query, chunk, flushNumber));
      } catch (error) {
        this.stats.flushFailures++;
        this.options.logger.error(
          { err: error, users: rows.length - start },
          'tap flush failed; retrying next interval',
        );
        for (let rest = start; rest < rows.length; rest += TAP_FLUSH_CHUNK_ROWS) {
          this.retries.push({ rows: rows.slice(rest, rest + TAP_FLUSH_CHUNK_ROWS), flushNumber });
        }
        return;
      }
    }
    if (rows.length > 0) this.options.observer?.flushed(performance.now() - started, rows.length);
  }

  /** Moves a user's pending taps in flight and describes the row that writes them. */
  private takePending(live: LiveUser): FlushRow {
    const row: FlushRow = {
      user: live,
      delta: live.pendingCoins,
      taps: live.pendingTaps,
      energy: live.state.energy.energy,
      energyAt: live.state.energy.at,
      seqs: [],
      since: live.pendingSince,
    };
    live.pendingSince = 0;
    // Batch numbers of clients without a stable id only matter while their socket lives.
    for (const [clientId, seq] of live.seqs)
      if (!clientId.startsWith(EPHEMERAL_CLIENT)) row.seqs.push([clientId, seq.applied]);
    live.inflightCoins += live.pendingCoins;
    live.inflightTaps += live.pendingTaps;
    live.pendingCoins = 0;
    live.pendingTaps = 0;
    return row;
  }

  private async writeChunk(query: RawQuery, chunk: FlushRow[], flushNumber: number): Promise<StoredCoins[]> {
    const sessionUsers: string[] = [];
    const sessionClients: string[] = [];
    const sessionSeqs: number[] = [];
    for (const row of chunk) {
      for (const [clientId, seq] of row.seqs) {
        sessionUsers.push(row.user.userId);
        sessionClients.push(clientId);
        sessionSeqs.push(seq);
      }
    }
    const result = await query<StoredCoins>(FLUSH_SQL, [
      chunk.map((row) => row.user.userId),
      chunk.map((row) => row.delta),
      chunk.map((row) => row.energy),
      chunk.map((row) => new Date(row.energyAt).toISOString()),
      chunk.map((row) => row.taps),
      chunk.map((row) => `tap:${row.user.userId}:${this.bootId}:${flushNumber}`),
      sessionUsers,
      sessionClients,
      sessionSeqs,
    ]);
    this.stats.flushes++;
    this.stats.rowsFlushed += chunk.length;
    return result;
  }

  private readCoins(query: RawQuery, chunk: FlushRow[]): Promise<StoredCoins[]> {
    return query<StoredCoins>('select id, coins, gems from users where id = any($1::uuid[])', [
      chunk.map((row) => row.user.userId),
    ]);
  }

  /** A chunk is durable: move its coins from in flight to confirmed and tell the user's clients. */
  private settle(chunk: FlushRow[], stored: StoredCoins[]) {
    const byId = new Map(stored.map((row) => [row.id, row]));
    const settledAt = performance.now();
    for (const row of chunk) {
      if (row.since > 0) this.options.observer?.confirmed(settledAt - row.since);
      const live = row.user;
      live.inflightCoins -= row.delta;
      live.inflightTaps -= row.taps;
      const current = byId.get(live.userId);
      if (!current) continue; // the user row vanished: nothing to confirm
      live.confirmedCoins = Number(current.coins);
      live.gems = Number(current.gems);
      for (const [clientId, seq] of row.seqs) {
        const known = live.seqs.get(clientId);
        if (known && seq > known.durable) known.durable = seq;
      }
      this.broadcast(live, 'coinsUpdated');
    }
  }

  /**
   * Each page load is a new client id, so batch numbers older than a week (no resend arrives that
   * late) are deleted hourly, in memory and in the database.
   */
  async forgetOldSessions(maxAgeDays = TAP_SESSION_RETENTION_DAYS) {
    try {
      await this.options.database.query(
        `delete from tap_sessions where updated_at < now() - make_interval(days => $1::int)`,
        [maxAgeDays],
      );
    } catch (error) {
      this.options.logger.error({ err: error }, 'could not delete old tap sessions');
    }
  }

  /** D-BOUND-1: a player keeps the batch numbers of their MAX_CLIENT_IDS_PER_PLAYER latest clients. */
  private boundClientIds(live: LiveUser) {
    while (live.seqs.size > MAX_CLIENT_IDS_PER_PLAYER) {
      const oldest = live.seqs.keys().next().value as string;
      live.seqs.delete(oldest);
      if (!oldest.startsWith(EPHEMERAL_CLIENT)) this.prunable.add(live.userId);
    }
  }

  /**
   * Deletes the tap_sessions rows of players who had client ids forgotten, beyond their most
   * recent MAX_CLIENT_IDS_PER_PLAYER (every flush touches the ones in memory, so those are the
   * most recent). Runs every minute; errors are logged and the players stay queued.
   */
  async pruneClientIds() {
    if (this.prunable.size === 0) return;
    const userIds = [...this.prunable];
    this.prunable.clear();
    try {
      await this.options.database.query(
        `delete from tap_sessions t
          using (select user_id, client_id,
                        row_number() over (partition by user_id order by updated_at desc, last_seq desc) as rank
                   from tap_sessions where user_id = any($1::uuid[])) ranked
          where ranked.rank > $2 and t.user_id = ranked.user_id and t.client_id = ranked.client_id`,
        [userIds, MAX_CLIENT_IDS_PER_PLAYER],
      );
    } catch (error) {
      for (const userId of userIds) this.prunable.add(userId);
      this.options.logger.error({ err: error }, 'could not prune old client ids');
    }
  }

  /** The client ids whose batch numbers a player's live state keeps (tests and metrics). */
  clientIdsOf(userId: string): string[] {
    return [...(this.users.get(userId)?.seqs.keys() ?? [])];
  }

  private evictIdle() {
    const now = this.now();
    for (const [userId, live] of this.users) {
      const busy =
        live.subscribers.size > 0 ||
        live.held > 0 ||
        this.dirty.has(live) ||
        live.inflightCoins !== 0 ||
        live.pendingCoins !== 0;
      if (!busy && now - live.lastTouched > this.idleEvictMs) this.users.delete(userId);
    }
  }

  /** Users held in memory (for health and benchmarks). */
  get size() {
    return this.users.size;
  }
}
