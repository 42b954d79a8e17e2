import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { BalanceChange } from '../ledger/ledger.ts';
import type { TapObserver } from '../taps/tap-engine.ts';
import type { ArenaCounters, GameSources } from './game-sources.ts';
import type { QueueExit } from './observed-queue.ts';
import { readyCheckSeries } from './ready-check-series.ts';

export type { ArenaCounters, GameSources } from './game-sources.ts';

/** The `node` label of a process outside a cluster (D-OPS-7). */
export const SINGLE_NODE = 'single';

/** Payments are counted from the database; a scrape every 15 s would read them too often on PGlite. */
const PAYMENTS_EVERY_MS = 30_000;
/** Distinct ledger reasons kept as label values; more (a bug) are counted as `other`. */
const MAX_REASONS = 100;

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Durable confirmation: one flush interval (100 ms) is the floor; seconds mean trouble. */
const CONFIRMATION_SECONDS = [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5, 10];

/**
 * The Prometheus side of GET /metrics (decisions D-OPS-2): Node's default process series and the
 * game's own, all prefixed `titans_` and labelled `node` (the cluster node id, or `single`;
 * D-OPS-7). Counters the services already keep (taps, flushes, sockets, the Arena) are read at
 * scrape time; what needs a timing (REST latency, flush duration, durable confirmation) or a label
 * the services do not keep (ledger reasons) is observed as it happens. One registry per app, so
 * test apps in one process do not share series.
 */
export class GameMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly rateLimited: Counter<'scope'>;
  private readonly flushSeconds: Histogram;
  private readonly flushRows: Counter;
  private readonly confirmation: Histogram;
  private readonly balanceChanges: Counter<'reason' | 'currency'>;
  private readonly balanceMoved: Counter<'reason' | 'currency' | 'direction'>;
  private readonly reasons = new Set<string>();
  private readonly lateness: Histogram;
  private readonly queueWait: Histogram<'exit'>;
  private sources: GameSources | null = null;
  /** Read once per scrape, before the series are collected. */
  private arena: ArenaCounters | null = null;
  private payments: { at: number; rows: Array<{ method: string; status: string; count: number }> } | null =
    null;

  /** Handed to the TapEngine: flush duration and rows, durable-confirmation latency. */
  readonly tapObserver: TapObserver;

  constructor() {
    // Every series carries the process it came from (D-OPS-7): `single` until a cluster names it.
    this.registry.setDefaultLabels({ node: SINGLE_NODE });
    collectDefaultMetrics({ register: this.registry });
    // prom-client names three gauges like counters (`…_total`), which promtool's lint refuses;
    // their by-type gauges (`nodejs_active_handles` etc.) stay and sum to the same (OPS6).
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      this.registry.removeSingleMetric(name);
    const registers = [this.registry];
    this.http = new Histogram({
      name: 'titans_http_request_duration_seconds',
      help: 'REST latency by route (the route pattern, not the URL) and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'titans_http_rate_limited_total',
      help: 'REST calls refused with 429 by the rate limits (D-HARDEN-2)',
      labelNames: ['scope'],
      registers,
    });
    // Zero from the start, so rates and sums over it exist before the first refusal.
    for (const scope of ['player', 'other']) this.rateLimited.inc({ scope }, 0);
    this.flushSeconds = new Histogram({
      name: 'titans_tap_flush_duration_seconds',
      help: 'Time one periodic tap flush took to write every dirty player',
      buckets: SECONDS,
      registers,
    });
    this.flushRows = new Counter({
      name: 'titans_tap_flush_rows_total',
      help: 'Players written by periodic tap flushes',
      registers,
    });
    this.confirmation = new Histogram({
      name: 'titans_tap_durable_confirmation_seconds',
      help: "From a player's first pending tap being accepted to its flush committing (T4)",
      buckets: CONFIRMATION_SECONDS,
      registers,
    });
    this.balanceChanges = new Counter({
      name: 'titans_balance_changes_total',
      help: 'Committed balance changes through the BalanceGateway, by ledger reason and currency',
      labelNames: ['reason', 'currency'],
      registers,
    });
    this.balanceMoved = new Counter({
      name: 'titans_balance_moved_total',
      help: 'Coins or gems moved by BalanceGateway changes, by reason, currency and direction',
      labelNames: ['reason', 'currency', 'direction'],
      registers,
    });
    this.lateness = new Histogram({
      name: 'titans_battle_timer_lateness_seconds',
      help: "How late the Arena's timers fired (event-loop pressure)",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.queueWait = new Histogram({
      name: 'titans_matchmaking_wait_seconds',
      help: "How long players waited in the Arena's queue, by how the wait ended (paired, left)",
      labelNames: ['exit'],
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 45, 60, 120],
      registers,
    });
    this.tapObserver = {
      flushed: (ms, rows) => {
        this.flushSeconds.observe(ms / 1000);
        this.flushRows.inc(rows);
      },
      confirmed: (ms) => this.confirmation.observe(ms / 1000),
    };
    this.defineScraped();
  }

  /** Handed to the Arena's queue (observeQueue): one player's wait, and how it ended. */
  readonly queueWaited = (seconds: number, exit: QueueExit) => this.queueWait.observe({ exit }, seconds);

  /** Labels every series with this process's cluster node id (D-OPS-7). */
  labelNode(nodeId: string) {
    this.registry.setDefaultLabels({ node: nodeId });
  }

  /** Handed to the BalanceGateway: every committed change, counted by reason. */
  readonly onBalanceChanges = (changes: readonly BalanceChange[]) => {
    for (const change of changes) {
      let reason = change.reason;
      if (!this.reasons.has(reason)) {
        if (this.reasons.size >= MAX_REASONS) reason = 'other';
        else this.reasons.add(reason);
      }
      this.balanceChanges.inc({ reason, currency: change.currency });
      this.balanceMoved.inc(
        { reason, currency: change.currency, direction: change.delta > 0 ? 'credit' : 'debit' },
        Math.abs(change.delta),
      );
    }
  };

  /** Fastify's onResponse: REST latency by route pattern, and rate-limit refusals. */
  readonly onResponse = async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    this.http.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429)
      this.rateLimited.inc({ scope: route.startsWith('/v1') ? 'player' : 'other' });
  };

  /** Connects the services once they exist (the app builds them after the engine's observer). */
  watch(sources: GameSources) {
    this.sources = sources;
  }

  /** The Prometheus text exposition of every series. */
  async text(): Promise<string> {
    await this.readSnapshots();
    return this.registry.metrics();
  }

  /**
   * The reads one scrape shares: the Arena once (reading drains its timer-lateness samples,
   * which become a histogram here), and the payment counts, from the database at most every 30 s.
   */
  private async readSnapshots() {
    const sources = this.sources;
    if (!sources) return;
    this.arena = sources.arena?.() ?? null;
    for (const sample of this.arena?.lateness ?? []) this.lateness.observe(sample / 1000);
    const now = performance.now();
    if (this.payments && now - this.payments.at < PAYMENTS_EVERY_MS) return;
    try {
      this.payments = { at: now, rows: await paymentCounts(sources.database) };
    } catch {
      // The database is down: titans_db_up says so; the last counts stay.
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A counter whose total a service keeps, read when Prometheus scrapes. */
  private total(name: string, help: string, value: (s: GameSources) => number) {
    const read = () => this.sources;
    return new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        const sources = read();
        this.reset();
        if (sources) this.inc(value(sources));
      },
    });
  }

  /** A gauge read when Prometheus scrapes; null leaves it at 0. */
  private gauge(name: string, help: string, value: (s: GameSources) => number | null) {
    const read = () => this.sources;
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        const sources = read();
        const current = sources ? value(sources) : null;
        this.reset();
        if (current !== null) this.set(current);
      },
    });
  }

  /** Series read from the services' own counters when Prometheus scrapes. */
  private defineScraped() {
    this.defineTaps();
    this.defineSockets();
    this.defineMoney();
    this.defineArena();
    this.defineDatabase();
  }

  private defineTaps() {
    const read = () => this.sources;
    this.total('titans_tap_events_total', 'Tap batches received', (s) => s.engine.stats.tapEvents);
    this.total('titans_taps_accepted_total', 'Taps accepted (T1–T3)', (s) => s.engine.stats.tapsAccepted);
    new Counter({
      name: 'titans_taps_refused_total',
      help: 'Taps refused, by reason: energy (E3) or rate (over 20 a second, T2)',
      labelNames: ['reason'],
      registers: [this.registry],
      collect() {
        const sources = read();
        this.reset();
        if (!sources) return;
        this.inc({ reason: 'energy' }, sources.engine.stats.tapsRejectedEnergy);
        this.inc({ reason: 'rate' }, sources.engine.stats.tapsRejectedRate);
      },
    });
    this.total(
      'titans_tap_duplicate_batches_total',
      'Tap batches resent with a seq already applied (T3)',
      (s) => s.engine.stats.duplicateBatches,
    );
    this.total(
      'titans_tap_coins_total',
      'Coins earned by accepted taps',
      (s) => s.engine.stats.coinsAccepted,
    );
    this.total('titans_tap_flushes_total', 'Tap flush statements committed', (s) => s.engine.stats.flushes);
    this.total(
      'titans_tap_flush_failures_total',
      'Tap flushes that failed (retried next interval)',
      (s) => s.engine.stats.flushFailures,
    );
    this.gauge('titans_tap_players_in_memory', 'Players the tap engine holds', (s) => s.engine.size);
  }

  private defineSockets() {
    this.gauge('titans_socket_connections', 'Open socket.io connections', (s) => s.connectedSockets());
    this.total('titans_socket_messages_total', 'Socket messages received', (s) => s.socketStats().messages);
    this.total(
      'titans_socket_direct_messages_total',
      'Socket messages taken straight from engine.io, ahead of socket.io (D-BATTLE-20)',
      (s) => s.socketStats().direct,
    );
    this.total(
      'titans_socket_rate_limited_total',
      "Socket messages refused over a socket's or a player's budget (D-SOCKET-2, H3)",
      (s) => s.socketStats().refused,
    );
    this.total(
      'titans_socket_invalid_total',
      'Socket messages refused by their schema',
      (s) => s.socketStats().invalid,
    );
    this.total(
      'titans_socket_flood_disconnects_total',
      'Sockets disconnected for flooding',
      (s) => s.socketStats().disconnectedForRate,
    );
  }

  private defineMoney() {
    this.total(
      'titans_balance_gateway_failures_total',
      'Balance changes refused or rolled back',
      (s) => s.gatewayStats().failures,
    );
    this.total(
      'titans_balance_gateway_replays_total',
      'Balance changes answered from an earlier idempotent result',
      (s) => s.gatewayStats().replays,
    );
    const payments = () => this.payments?.rows ?? [];
    new Gauge({
      name: 'titans_payments',
      help: 'Purchases (Stars, TON) by method and status, as of the last count (every 30 s at most)',
      labelNames: ['method', 'status'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const row of payments()) this.set({ method: row.method, status: row.status }, row.count);
      },
    });
  }

  private defineArena() {
    const arena = () => this.arena;
    this.gauge(
      'titans_battles_running',
      'Battle rooms running in this process',
      () => arena()?.rooms ?? null,
    );
    this.gauge(
      'titans_matchmaking_queue_length',
      'Players waiting in the matchmaking queue',
      () => arena()?.queued ?? null,
    );
    this.total('titans_battles_started_total', 'Battles started', () => arena()?.started ?? 0);
    this.total('titans_battles_settled_total', 'Battles paid out', () => arena()?.settled ?? 0);
    this.total(
      'titans_battle_settle_failures_total',
      'Battle payouts that failed (retried)',
      () => arena()?.settleFailures ?? 0,
    );
    readyCheckSeries(this.registry, () => arena()?.readyChecks);
  }

  private defineDatabase() {
    this.gauge('titans_db_up', '1 when the last database statement succeeded', (s) =>
      s.database.health().state === 'up' ? 1 : 0,
    );
    this.total(
      'titans_db_lost_connections_total',
      'Database connections lost and replaced',
      (s) => s.database.health().lostConnections,
    );
    this.total(
      'titans_db_retries_total',
      'Statements retried after a lost connection',
      (s) => s.database.health().retries,
    );
    this.gauge('titans_db_pool_max', 'Pool size (PGlite: 1)', (s) => s.database.pool().max);
    this.gauge('titans_db_pool_open', 'Open pooled connections', (s) => s.database.pool().open);
    this.gauge('titans_db_pool_idle', 'Idle pooled connections', (s) => s.database.pool().idle);
    this.gauge(
      'titans_db_pool_waiting',
      'Statements waiting for a connection (PGlite: at its gate)',
      (s) => s.database.pool().waiting,
    );
    this.gauge(
      'titans_pglite_data_bytes',
      "PGlite's data folder (0 on PostgreSQL)",
      (s) => s.database.storage()?.dataBytes ?? null,
    );
    this.gauge(
      'titans_pglite_wal_bytes',
      "PGlite's write-ahead log (0 on PostgreSQL)",
      (s) => s.database.storage()?.walBytes ?? null,
    );
    this.gauge(
      'titans_pglite_wal_since_checkpoint_bytes',
      'WAL a restart after a crash would replay',
      (s) => s.database.storage()?.walSinceCheckpointBytes ?? null,
    );
    this.gauge('titans_leaderboard_refresh_seconds', 'How long the last leaderboard snapshot took', (s) => {
      const stats = s.leaderboard?.();
      return stats && stats.refreshes > 0 ? stats.lastRefreshMs / 1000 : null;
    });
  }
}

/** Purchases (Stars, TON) per method and status. */
async function paymentCounts(database: Database) {
  const rows = await database.query<{ method: string; status: string; count: number | string }>(
    'select method, status, count(*) as count from purchases group by method, status',
  );
  return rows.map((row) => ({ method: row.method, status: row.status, count: Number(row.count) }));
}
