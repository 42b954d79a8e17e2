import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../config/config.ts';

/**
 * One process's place in a cluster (decisions: D-CLUSTER-1). Cluster mode is on when REDIS_URL is
 * set (config refuses it without DATABASE_URL); every process picks its own node id, so starting
 * more processes on the same DATABASE_URL and REDIS_URL is all a cluster needs.
 */
export interface Cluster {
  /** This process: `<host>-<pid>-<random>`, unique across restarts and machines. */
  readonly nodeId: string;
  /** Prefix of every key and channel (CLUSTER_KEY_PREFIX); `key('x')` is `<prefix>x`. */
  readonly prefix: string;
  key(name: string): string;
  /**
   * Commands (leases, markers, publishes). Fails fast while Redis is away (one retry, short
   * timeouts) so callers answer a clear error instead of waiting.
   */
  readonly redis: Redis;
  /**
   * A new connection for a subscriber or a blocking client, error handler attached and already
   * `ready` when it resolves (an ioredis subscriber handed over before `ready` fails with
   * "Connection in subscriber mode"). Defaults suit a subscriber: retries forever, no command
   * timeout; pass `maxRetriesPerRequest: null` for BullMQ-style workers. Closed by close().
   */
  duplicate(options?: Partial<RedisOptions>): Promise<Redis>;
  close(): Promise<void>;
}

/** How long start-up waits for Redis before it refuses to start. */
const CONNECT_TIMEOUT_MS = 5_000;

export function newNodeId(): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 40) || 'node';
  return `${host}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Resolves when the connection is ready; rejects after timeoutMs (the connection is left to the caller). */
export function whenReady(redis: Redis, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/**
 * Opens the cluster's Redis connection, or answers null in single-process mode (no REDIS_URL).
 * Start-up fails with a clear error when Redis does not answer within 5 s; afterwards a lost
 * connection is retried for ever and logged, never fatal (D-CLUSTER-1).
 */
export async function openCluster(config: Config, logger: FastifyBaseLogger): Promise<Cluster | null> {
  const url = config.redisUrl;
  if (!url) return null;
  const nodeId = newNodeId();
  const prefix = config.clusterKeyPrefix;
  const connections = new Set<Redis>();
  const open = (role: string, options: RedisOptions) => {
    const redis = new Redis(url, {
      connectionName: `titans:${role}:${nodeId}`,
      connectTimeout: 2_000,
      lazyConnect: true,
      // Reconnect for ever, backing off to 2 s: the cluster heals when Redis returns.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      ...options,
    });
    // Before anything can fail: an ioredis client without an error listener crashes the process.
    let lastLogged = 0;
    redis.on('error', (error) => {
      const now = Date.now();
      if (now - lastLogged < 5_000) return;
      lastLogged = now;
      logger.warn({ err: error, role, nodeId }, 'cluster redis error');
    });
    connections.add(redis);
    redis.once('end', () => connections.delete(redis));
    return redis;
  };
  const redis = open('commands', { maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  try {
    await redis.connect();
    await whenReady(redis);
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: cannot reach Redis (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  logger.info({ nodeId }, 'cluster mode: joined through Redis');
  let duplicates = 0;
  return {
    nodeId,
    prefix,
    key: (name) => `${prefix}${name}`,
    redis,
    async duplicate(options = {}) {
      const connection = open(`sub${++duplicates}`, { maxRetriesPerRequest: null, ...options });
      try {
        await connection.connect();
        await whenReady(connection);
      } catch (error) {
        connection.disconnect();
        throw error;
      }
      return connection;
    },
    async close() {
      await Promise.all([...connections].map(closeConnection));
    },
  };
}

/** QUIT, and resolves once the connection has ended (at most 1 s, then it is cut). */
function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => connection.disconnect(), 1_000);
    connection.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    connection.quit().catch(() => connection.disconnect());
  });
}
