import { randomBytes } from 'node:crypto';
import { TAP_FLUSH_CHUNK_ROWS } from '@titans/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import { TapsNotDurableError } from '../core/errors.ts';
import type { Database, RawQuery } from '../db/database.ts';
import { isUniqueViolation } from '../ledger/ledger.ts';
import type { ClientSessions, WrittenSeq } from './client-sessions.ts';
import type { LivePlayer } from './live-players.ts';

// One statement per chunk: balances, their ledger rows and the durable batch numbers together.
// bench:taps' floor (scripts/bench/floor-server.ts) writes with it too. Every tap write goes
// through this statement (`writeChunk`). A row is written only under the epoch its process took
// the player with (D-CLUSTER-14): a process that lost the player writes nothing for them.
export const FLUSH_SQL = `
with input as (
  select * from unnest($1::uuid[], $2::bigint[], $3::int[], $4::timestamptz[], $5::bigint[], $6::text[],
                       $10::bigint[])
    as t(user_id, delta, energy, energy_at, taps, key, epoch)
), updated as (
  update users u
     set coins = u.coins + i.delta,
         total_coins_earned = u.total_coins_earned + i.delta,
         total_taps = u.total_taps + i.taps,
         energy = i.energy,
         energy_updated_at = i.energy_at,
         updated_at = now()
    from input i
   where u.id = i.user_id and u.owner_epoch = i.epoch
  returning u.id, u.coins, u.gems, i.delta, i.taps, i.key
), ledgered as (
  insert into ledger (user_id, currency, delta, balance_after, reason, idempotency_key, meta)
  select id, 'coins', delta, coins, 'tap', key, jsonb_build_object('taps', taps)
    from updated where delta > 0
  returning user_id
), sessions as (
  insert into tap_sessions (user_id, client_id, last_seq)
  select s.* from unnest($7::uuid[], $8::text[], $9::bigint[]) as s(user_id, client_id, last_seq)
   where s.user_id in (select id from updated)
  on conflict (user_id, client_id)
  do update set last_seq = greatest(tap_sessions.last_seq, excluded.last_seq), updated_at = now()
  returning user_id
)
select id, coins, gems from updated`;

/** What the Prometheus metrics learn from the engine beyond its counters. */
export interface TapObserver {
  /** A periodic flush wrote `rows` players in `ms`. */
  flushed(ms: number, rows: number): void;
  /** A player's taps became durable `ms` after the first of them was accepted. */
  confirmed(ms: number): void;
}

/** The flusher's share of the engine's counters (totals since start). */
export interface FlushCounters {
  flushes: number;
  rowsFlushed: number;
  flushFailures: number;
}

export interface TapFlusherOptions {
  database: Database;
  logger: FastifyBaseLogger;
  sessions: ClientSessions;
  counters: FlushCounters;
  observer?: TapObserver;
  /** A player's written taps are durable: tell their connections. */
  settled(live: LivePlayer): void;
  /** The database refused the player's row: another process owns them now, or the row is gone. */
  fenced(live: LivePlayer): void;
}

interface StoredCoins {
  id: string;
  coins: number | string;
  gems: number | string;
}

/** One player's share of a flush, taken out of their pending taps. */
interface FlushRow {
  user: LivePlayer;
  delta: number;
  taps: number;
  energy: number;
  energyAt: number;
  seqs: WrittenSeq[];
  /** When the first of these taps was accepted (performance.now()), for the confirmation latency. */
  since: number;
}

/** Rows whose write failed, kept with the flush number their idempotency keys were made from. */
interface FailedChunk {
  rows: FlushRow[];
  flushNumber: number;
}

/**
 * Writes players' pending taps: every interval all dirty players that no balance change holds,
 * in chunks of at most TAP_FLUSH_CHUNK_ROWS, one statement each, through the database's urgent
 * lane (the priority gate on PGlite, the flush's own connections on PostgreSQL). A chunk that
 * fails is retried first next time with the same keys; only after a commit are the coins settled
 * and the players' connections told.
 */
export class TapFlusher {
  private readonly dirty = new Set<LivePlayer>();
  private readonly bootId = randomBytes(4).toString('hex');
  private flushNumber = 0;
  private readonly retries: FailedChunk[] = [];
  private flushing: Promise<void> | null = null;
  private closing = false;

  constructor(private readonly options: TapFlusherOptions) {}

  /** The player has taps (or batch numbers) to write. */
  markDirty(live: LivePlayer) {
    this.dirty.add(live);
  }

  /** The player left this process: nothing of theirs is written from here any more. */
  forget(live: LivePlayer) {
    this.dirty.delete(live);
  }

  /** Whether the player waits for the next flush. */
  isDirty(live: LivePlayer): boolean {
    return this.dirty.has(live);
  }

  /**
   * Writes every dirty player that no balance change holds; resolves once the writes are
   * committed (or have failed and been requeued).
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.dirty.size === 0 && this.retries.length === 0) return Promise.resolve();
    // One flush keeps the database for all its statements (`Database.urgent`, D-MONEY-7): a turn of
    // the event loop between two chunks would delay half the players' durable confirmations.
    this.flushing = this.options.database
      .urgent((query) => this.writeDirty(query))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /** Shutdown: writes everyone, held players too, until nothing is left (a few attempts). */
  async drain() {
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

  /**
   * Makes a held player's taps durable for the balance change that holds them: waits for a flush
   * that is writing their coins, then writes their pending taps on their own, with the same keys
   * and retry. Throws TapsNotDurableError when the database refuses (the taps stay queued).
   */
  async writeHeld(live: LivePlayer) {
    for (let attempt = 0; live.inflightCoins !== 0 || live.inflightTaps !== 0; attempt++) {
      if (attempt >= 3) throw new TapsNotDurableError();
      await (this.flushing ?? this.flush());
    }
    if (live.pendingCoins === 0 && live.pendingTaps === 0) return;
    const row = this.takePending(live);
    const flushNumber = ++this.flushNumber;
    try {
      this.settle(
        [row],
        await this.options.database.urgent((query) => this.writeChunk(query, [row], flushNumber)),
      );
    } catch (error) {
      this.options.counters.flushFailures++;
      this.retries.push({ rows: [row], flushNumber });
      this.options.logger.error({ err: error, userId: live.userId }, 'writing held taps failed');
      throw new TapsNotDurableError();
    }
  }

  private async writeDirty(query: RawQuery) {
    if (!(await this.retryFailed(query))) return;
    const rows: FlushRow[] = [];
    for (const live of this.dirty) {
      // A held player's taps are written by the balance change that holds them, or after it.
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
        this.options.counters.flushFailures++;
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

  /**
   * Chunks that failed are retried first, unchanged and with the same idempotency keys: if the
   * earlier attempt did commit (its reply was lost), the ledger's unique key refuses the retry and
   * the chunk is settled from the database instead of being credited twice. False: one failed
   * again, and this flush stops there.
   */
  private async retryFailed(query: RawQuery): Promise<boolean> {
    for (let retry = this.retries[0]; retry; retry = this.retries[0]) {
      try {
        this.settle(retry.rows, await this.writeChunk(query, retry.rows, retry.flushNumber));
      } catch (error) {
        if (!isUniqueViolation(error)) {
          this.options.counters.flushFailures++;
          this.options.logger.error(
            { err: error, users: retry.rows.length },
            'tap flush retry failed; retrying next interval',
          );
          return false;
        }
        this.settle(retry.rows, await this.readCoins(query, retry.rows));
      }
      this.retries.shift();
    }
    return true;
  }

  /** Moves a player's pending taps in flight and describes the row that writes them. */
  private takePending(live: LivePlayer): FlushRow {
    const row: FlushRow = {
      user: live,
      delta: live.pendingCoins,
      taps: live.pendingTaps,
      energy: live.state.energy.energy,
      energyAt: live.state.energy.at,
      seqs: this.options.sessions.toWrite(live.seqs),
      since: live.pendingSince,
    };
    live.pendingSince = 0;
    live.inflightCoins += live.pendingCoins;
    live.inflightTaps += live.pendingTaps;
    live.pendingCoins = 0;
    live.pendingTaps = 0;
    return row;
  }

  /** The one write of taps: FLUSH_SQL for a chunk, keyed `tap:<user>:<boot>:<flush number>`. */
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
      chunk.map((row) => row.user.epoch),
    ]);
    this.options.counters.flushes++;
    this.options.counters.rowsFlushed += chunk.length;
    return result;
  }

  private readCoins(query: RawQuery, chunk: FlushRow[]): Promise<StoredCoins[]> {
    return query<StoredCoins>('select id, coins, gems from users where id = any($1::uuid[])', [
      chunk.map((row) => row.user.userId),
    ]);
  }

  /** A chunk is durable: move its coins from in flight to confirmed and tell the players' clients. */
  private settle(chunk: FlushRow[], stored: StoredCoins[]) {
    const byId = new Map(stored.map((row) => [row.id, row]));
    const settledAt = performance.now();
    for (const row of chunk) {
      if (row.since > 0) this.options.observer?.confirmed(settledAt - row.since);
      const live = row.user;
      live.inflightCoins -= row.delta;
      live.inflightTaps -= row.taps;
      const current = byId.get(live.userId);
      if (!current) {
        // Not written: the taps were never confirmed, and the client sends them to the new owner.
        this.options.fenced(live);
        continue;
      }
      live.confirmedCoins = Number(current.coins);
      live.gems = Number(current.gems);
      this.options.sessions.confirm(live.seqs, row.seqs);
      this.options.settled(live);
    }
  }
}
