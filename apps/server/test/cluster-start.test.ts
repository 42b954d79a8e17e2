import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openCluster } from '../src/cluster/cluster.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;

describe('cluster configuration', () => {
  it('refuses REDIS_URL without DATABASE_URL: PGlite serves one process', () => {
    expect(() => loadConfig({ REDIS_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL })).toThrow(
      'A cluster (REDIS_URL) needs PostgreSQL: set DATABASE_URL; PGlite serves one process',
    );
  });

  it('single process without REDIS_URL: no cluster, rate limits in memory', async () => {
    const config = loadConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.rateLimitRedisUrl).toBeUndefined();
    expect(await openCluster(config, silent)).toBeNull();
  });

  it('the rate limiter shares REDIS_URL unless RATE_LIMIT_REDIS_URL names its own', () => {
    const database = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadConfig({ REDIS_URL, DATABASE_URL: database }).rateLimitRedisUrl).toBe(REDIS_URL);
    expect(
      loadConfig({ REDIS_URL, DATABASE_URL: database, RATE_LIMIT_REDIS_URL: 'redis://10.0.0.9:6379' })
        .rateLimitRedisUrl,
    ).toBe('redis://10.0.0.9:6379');
    expect(loadConfig({ RATE_LIMIT_REDIS_URL: REDIS_URL }).redisUrl).toBeUndefined();
  });

  it('start-up refuses a Redis that does not answer, with the setting named', async () => {
    const config = {
      ...loadConfig({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        REDIS_URL: 'redis://127.0.0.1:1',
      }),
    };
    await expect(openCluster(config, silent)).rejects.toThrow(/REDIS_URL: cannot reach Redis/);
  });
});

describe.runIf(process.env.DATABASE_URL)('cluster start on PostgreSQL + Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    // The app that created the database drops it: close the others first.
    for (const each of apps.reverse()) await each.close();
  });

  it('each process picks its own node id; connections are ready and closed with the app', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: prefix };
    const first = await startTestApp('postgres', { env });
    apps.push(first);
    const second = await startTestApp('postgres', { env, databaseUrl: first.config.databaseUrl });
    apps.push(second);
    const a = first.cluster;
    const b = second.cluster;
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    expect(a.nodeId).not.toBe(b.nodeId);
    expect(a.nodeId).toMatch(/^[A-Za-z0-9_.-]+-\d+-[0-9a-f]{8}$/);
    expect(a.key('x')).toBe(`${prefix}x`);
    // A subscriber on one process hears a publish from the other.
    const subscriber = await b.duplicate();
    expect(subscriber.status).toBe('ready');
    const heard = new Promise<string>((resolve) =>
      subscriber.on('message', (_channel, message) => resolve(message)),
    );
    await subscriber.subscribe(b.key('hello'));
    await a.redis.publish(a.key('hello'), a.nodeId);
    expect(await heard).toBe(a.nodeId);
    await second.close();
    apps.splice(apps.indexOf(second), 1);
    expect(['close', 'end']).toContain(subscriber.status);
    expect(['close', 'end']).toContain(b.redis.status);
  });
});
