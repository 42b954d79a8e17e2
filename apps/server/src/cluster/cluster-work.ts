import { MATCHMAKING_UPDATE_MS, UPLOAD_SWEEP_INTERVAL_MS } from '@titans/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../core/clock.ts';
import { ARENA_SWEEP_MS } from '../core/shared-constants.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard-service.ts';
import type { UploadJanitor } from '../uploads/upload-janitor.ts';
import type { Cluster } from './cluster.ts';
import { ClusterJobs } from './cluster-jobs.ts';

/** How often a process checks whether another one flipped the leaderboard snapshot (D-CLUSTER-4). */
export const LEADERBOARD_FOLLOW_MS = 1_000;

export interface ClusterWorkDeps {
  cluster: Cluster | null;
  scheduler: Scheduler;
  logger: FastifyBaseLogger;
  leaderboard: Pick<LeaderboardService, 'start' | 'refresh' | 'follow' | 'reloadIfChanged'>;
  leaderboardRefreshMs: number;
  uploadJanitor: Pick<UploadJanitor, 'start' | 'sweep'>;
  /**
   * The hourly delete of tap sessions older than their retention (TapEngine.forgetOldSessions):
   * one statement over every player, so once per cluster (D-CLUSTER-21). Single process: the
   * engine's own housekeeping timer runs it.
   */
  forgetOldTapSessions(): Promise<unknown>;
  /**
   * A cluster's Arena (D-CLUSTER-15, D-CLUSTER-18): its matchmaking tick and its sweeper of dead
   * hosts' battles and queue entries, once per cluster. Null for one process (the Arena's own timer).
   */
  arena?: { tick(): Promise<unknown>; sweep(): Promise<unknown> } | null;
}

/** How often the cluster deletes old tap sessions (the engine's timer does it hourly too). */
export const TAP_SESSIONS_FORGET_MS = 60 * 60_000;

/**
 * Starts the background work that must happen once per cluster (decisions: D-CLUSTER-4,
 * D-CLUSTER-21): the leaderboard rebuild, the upload janitor and the delete of old tap sessions.
 * One process runs them on their own timers, as before; in a cluster they become cluster jobs, and
 * every process follows the leaderboard's pointer row (told at once by the rebuilder over Redis,
 * and checking every second in case the notice was lost). The tap flush, idle eviction, the prune
 * of a process's own players' forgotten client ids and the ban poll stay per process. Answers the
 * jobs to stop at shutdown (null for one process).
 */
export async function startClusterWork(deps: ClusterWorkDeps): Promise<ClusterJobs | null> {
  const { cluster, leaderboard, uploadJanitor } = deps;
  if (!cluster) {
    leaderboard.start();
    uploadJanitor.start();
    return null;
  }
  const jobs = new ClusterJobs({ cluster, scheduler: deps.scheduler, logger: deps.logger });
  if (deps.leaderboardRefreshMs > 0) {
    const refreshed = cluster.key('leaderboard:refreshed');
    const notices = await cluster.duplicate();
    notices.on('message', () => void leaderboard.reloadIfChanged());
    await notices.subscribe(refreshed);
    leaderboard.follow(LEADERBOARD_FOLLOW_MS);
    jobs.add({
      name: 'leaderboard',
      periodMs: deps.leaderboardRefreshMs,
      run: async () => {
        await leaderboard.refresh();
        await cluster.redis.publish(refreshed, cluster.nodeId).catch(() => 0);
      },
    });
  } else {
    // Rebuilt only at start-up: every process does it (PostgreSQL lets one in at a time).
    leaderboard.start();
  }
  jobs.add({ name: 'upload-janitor', periodMs: UPLOAD_SWEEP_INTERVAL_MS, run: () => uploadJanitor.sweep() });
  jobs.add({
    name: 'tap-sessions',
    periodMs: TAP_SESSIONS_FORGET_MS,
    run: () => deps.forgetOldTapSessions(),
  });
  const { arena } = deps;
  if (arena) {
    jobs.add({ name: 'arena-matchmaking', periodMs: MATCHMAKING_UPDATE_MS, run: () => arena.tick() });
    jobs.add({ name: 'arena-sweeper', periodMs: ARENA_SWEEP_MS, run: () => arena.sweep() });
  }
  jobs.start();
  return jobs;
}
