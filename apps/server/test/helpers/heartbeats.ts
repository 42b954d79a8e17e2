import { Redis } from 'ioredis';

/**
 * Cluster timings for tests (CLUSTER_HEARTBEAT_MS, CLUSTER_HEARTBEAT_TTL_MS, CLUSTER_SWEEP_MS): a
 * process paused or killed counts as gone after 1.2 s instead of 3 s, and the Arena's sweeper
 * looks every 300 ms instead of every 2 s. The TTL stays four beats long, so a process that
 * is merely slow on a loaded machine keeps its heartbeat.
 */
export const SHORT_CLUSTER_TIMINGS = {
  CLUSTER_HEARTBEAT_MS: '300',
  CLUSTER_HEARTBEAT_TTL_MS: '1200',
  CLUSTER_SWEEP_MS: '300',
};

/** Whether the process with this pid has a heartbeat under `prefix` (its node id is `<host>-<pid>-<random>`). */
export async function hasHeartbeat(redisUrl: string, prefix: string, pid: number): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    return (await redis.keys(`${prefix}node:*-${pid}-*`)).length > 0;
  } finally {
    redis.disconnect();
  }
}
