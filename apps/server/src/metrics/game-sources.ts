import type { Database } from '../db/database.ts';
import type { TapEngine } from '../taps/tap-engine.ts';

/** The Arena's counters as BattleService.metrics() answers them (its lateness samples are drained). */
export interface ArenaCounters {
  rooms: number;
  queued: number;
  started: number;
  settled: number;
  settleFailures: number;
  lateness: number[];
  /** Ready checks this process decided, by how each ended (F51–F53). */
  readyChecks: ReadyCheckCounts;
}

/** How the ready checks this process opened or decided ended. */
export interface ReadyCheckCounts {
  opened: number;
  started: number;
  declined: number;
  timedOut: number;
  left: number;
}

/** What the game's series are read from at each scrape. */
export interface GameSources {
  engine: TapEngine;
  database: Database;
  connectedSockets(): number;
  /** The socket dispatcher's counters (refused: over a socket's or a player's message budget). */
  socketStats(): {
    messages: number;
    direct: number;
    refused: number;
    invalid: number;
    disconnectedForRate: number;
  };
  gatewayStats(): { changes: number; failures: number; replays: number };
  arena?: () => ArenaCounters;
  /** Milliseconds the last leaderboard snapshot took to build, and how many it ranked. */
  leaderboard?: () => { lastRefreshMs: number; lastTotal: number; refreshes: number };
}
