import type { FastifyBaseLogger } from 'fastify';
import type { PlayerOwnership } from '../cluster/player-ownership.ts';
import type { Database } from '../db/database.ts';
import type { LivePlayer } from './live-players.ts';
import type { FlushCounters, TapObserver } from './tap-flusher.ts';

/** The TapEngine's options, results and counters (taps/tap-engine.ts). */
export interface TapEngineOptions {
  database: Database;
  logger: FastifyBaseLogger;
  flushIntervalMs: number;
  now?: () => number;
  /** Users idle this long with no connection are dropped from memory. */
  idleEvictMs?: number;
  /** Timings for the operator's metrics (metrics/game-metrics.ts); measured on the monotonic clock. */
  observer?: TapObserver;
  /** Who may hold a player: in a cluster, one process at a time (D-CLUSTER-14). Default: this one. */
  ownership?: PlayerOwnership;
  /** In a cluster the hourly delete of old tap sessions is a cluster job (D-CLUSTER-21), not this timer's. */
  sessionsForgottenByCluster?: boolean;
}

/** Who a balance change holds: the player's live state here, or their owner elsewhere. */
export type Holding = { kind: 'here'; live: LivePlayer } | { kind: 'elsewhere'; node: string };

/** What a balance change did to energy, applied to the live state after its commit. */
export interface EnergyEffect {
  /** Energy set to this value (a refill). */
  set?: number;
  /** Energy spent (entering a battle); taps applied meanwhile keep their own spending. */
  spent?: number;
}

/** Counters for benchmarks, health and metrics: totals since start. */
export interface TapStats extends FlushCounters {
  tapEvents: number;
  tapsAccepted: number;
  tapsRejected: number;
  /** tapsRejected by reason: no energy, or over the 20-a-second cap (T2). */
  tapsRejectedEnergy: number;
  tapsRejectedRate: number;
  /** Tap batches answered as duplicates (a resent seq, T3). */
  duplicateBatches: number;
  coinsAccepted: number;
  /** Players this process stopped holding because another took them (hand-over or fence). */
  playersMoved: number;
}
