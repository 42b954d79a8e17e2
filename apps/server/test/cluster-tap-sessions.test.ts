import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Cluster, openCluster } from '../src/cluster/cluster.ts';
import type { ClusterJobs } from '../src/cluster/cluster-jobs.ts';
import { startClusterWork, TAP_SESSIONS_FORGET_MS } from '../src/cluster/cluster-work.ts';
import { loadConfig } from '../src/config/config.ts';
import { ManualScheduler } from '../src/core/clock.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;

/*
 * D-CLUSTER-21: the hourly delete of old tap sessions is one statement over every player, so two
 * processes of a cluster run it once per hour between them (each process's own prune of its
 * players' forgotten client ids stays on its own timer).
 */
describe.runIf(process.env.DATABASE_URL)('tap-session clean-up once per cluster', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('D-CLUSTER-21 two processes: each hour the old tap sessions are deleted once, by one of them', async () => {
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL,
      CLUSTER_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    });
    const clusters: Cluster[] = [];
    for (const _ of [1, 2]) {
      const cluster = await openCluster(config, silent);
      if (cluster) clusters.push(cluster);
    }
    cleanups.push(() => Promise.all(clusters.map((cluster) => cluster.close())));
    // Both processes read one clock, a minute into an hour: a slot is an hour of it.
    const scheduler = new ManualScheduler(
      Math.floor(Date.now() / TAP_SESSIONS_FORGET_MS) * TAP_SESSIONS_FORGET_MS + 60_000,
    );
    const runs: Array<{ node: string; hour: number }> = [];
    const jobs: ClusterJobs[] = [];
    for (const cluster of clusters) {
      const started = await startClusterWork({
        cluster,
        scheduler,
        logger: silent,
        leaderboard: {
          start() {},
          follow() {},
          refresh: async () => null,
          reloadIfChanged: async () => false,
        },
        leaderboardRefreshMs: 0,
        uploadJanitor: { start() {}, sweep: async () => 0 },
        forgetOldTapSessions: async () => {
          runs.push({ node: cluster.nodeId, hour: Math.floor(scheduler.now() / TAP_SESSIONS_FORGET_MS) });
        },
      });
      if (started) jobs.push(started);
    }
    cleanups.push(() => Promise.all(jobs.map((each) => each.stop())));
    expect(jobs).toHaveLength(2);
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    // Three more hours, in half-hour steps (each process checks twice an hour).
    for (let step = 1; step <= 6; step++) {
      await scheduler.advance(TAP_SESSIONS_FORGET_MS / 2);
      await vi.waitFor(() => expect(runs).toHaveLength(1 + Math.floor(step / 2)));
    }
    // A moment more for a second claim of any hour to show up: none does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hours = runs.map((run) => run.hour);
    expect(hours).toHaveLength(4);
    expect(new Set(hours).size).toBe(4);
    expect(runs.every((run) => clusters.some((cluster) => cluster.nodeId === run.node))).toBe(true);
  }, 30_000);
});
