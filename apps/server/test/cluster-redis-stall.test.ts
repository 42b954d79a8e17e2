import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isClusterUnavailable } from '../src/core/cluster-unavailable.ts';
import { NodeUnreachableError } from '../src/core/errors.ts';
import { users } from '../src/db/schema.ts';
import { captureLog } from './helpers/log-capture.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  createPostgresDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const PURCHASES = 6;

/*
 * A Redis that stalls (rules: CR5; decisions D-CLUSTER-25): two apps on one PostgreSQL and a Redis
 * of this test's own, paused with CLIENT PAUSE. The REST limits shrink to each process's share
 * instead of switching off; a socket handler whose Redis command times out answers
 * `server/unavailable` with a warning, not an error.
 */
describe.runIf(process.env.DATABASE_URL)('cluster: Redis stalls', () => {
  let redis: RedisProcess;
  let probe: Redis;
  let database: { url: string; drop(): Promise<void> };
  const logs = [captureLog('warn'), captureLog('warn')];
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  let nextId = 48_100 + Math.floor(Math.random() * 1_000) * 10;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    probe = new Redis(redis.url);
    database = await createPostgresDatabase();
    const env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_PURCHASES: String(PURCHASES),
    };
    for (const log of logs)
      apps.push(await startTestApp('postgres', { env, databaseUrl: database.url, logger: log.logger }));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps.splice(0).reverse()) await app.close().catch(() => undefined);
    probe?.disconnect();
    await database?.drop();
    await redis?.down();
  }, 60_000);

  /** Pauses every client of the test's Redis for `ms` (the probe too: nothing waits on it meanwhile). */
  const pause = (ms: number) => probe.call('CLIENT', 'PAUSE', String(ms), 'ALL');
  const errors = () => logs.flatMap((log) => log.errors());

  it('CR5 D-CLUSTER-25 while Redis is paused each process limits purchases to its share of the limit, never to none', async () => {
    // Both processes have said they share the counts since both were up (their beats, every 2 s).
    let bothSince = 0;
    await vi.waitFor(
      async () => {
        const scores = (await probe.zrange('titans-rl:processes', 0, -1, 'WITHSCORES')).filter(
          (_, i) => i % 2,
        );
        if (scores.length === 2 && bothSince === 0) bothSince = Date.now();
        expect(scores).toHaveLength(2);
        expect(Math.min(...scores.map(Number))).toBeGreaterThan(bothSince);
      },
      { timeout: 10_000, interval: 200 },
    );
    const id = nextId++;
    const buy = (t: TestApp) => t.call(id, 'POST', '/v1/stall-test/buy-nothing', {});
    await pause(6_000);
    const statuses: number[][] = [];
    for (const t of apps) {
      const seen: number[] = [];
      for (let index = 0; index < PURCHASES; index++) seen.push((await buy(t)).status);
      statuses.push(seen);
    }
    // Each process's share is half the limit: 3 served, then 429, on each.
    const share = PURCHASES / 2;
    for (const seen of statuses) {
      expect(seen.slice(0, share)).not.toContain(429);
      expect(seen.slice(share)).toEqual(Array(PURCHASES - share).fill(429));
    }
    expect(
      logs.some((log) => log.lines.some((line) => line.msg?.startsWith('rate limits: shared counts'))),
    ).toBe(true);
    expect(errors()).toEqual([]);
  }, 60_000);

  it('CR5 D-CLUSTER-25 cancelMatchmaking while Redis is paused answers server/unavailable with a warning; afterwards it works', async () => {
    const [t] = apps;
    if (!t) throw new Error('no app');
    // The previous pause is over once the probe, paused with everyone, answers.
    await probe.ping();
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 10_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: telegramId });
    await ready;
    const queued = socket.next('matchmakingStarted');
    socket.emit('findMatch', {
      telegram_user_id: telegramId,
      battle_type: 'pvp',
      energy_to_spend: 10,
      selected_character_id: row?.selectedCharacterId ?? '',
      equipped_items: [],
    });
    await queued;

    await pause(3_000);
    const refused = socket.next('error', (payload) => payload.code === 'server/unavailable', 8_000);
    socket.emit('cancelMatchmaking', {});
    expect(await refused).toMatchObject({ code: 'server/unavailable' });
    const warnings = () => (logs[0]?.lines ?? []).filter((line) => line.level === 40);
    await vi.waitFor(
      () =>
        expect(
          warnings().find((line) => line.event === 'cancelMatchmaking' && line.msg?.includes('unavailable')),
          JSON.stringify(warnings().map(({ msg, event, err }) => ({ msg, event, err: err?.message }))),
        ).toBeDefined(),
      { timeout: 2_000, interval: 50 },
    );
    expect(errors()).toEqual([]);

    // Once Redis answers again, leaving the queue works.
    await vi.waitFor(
      async () => {
        const cancelled = socket.next('matchmakingCancelled', undefined, 1_500);
        socket.emit('cancelMatchmaking', {});
        await cancelled;
      },
      { timeout: 15_000, interval: 250 },
    );
  }, 60_000);
});

describe('cluster: which errors mean Redis is unavailable', () => {
  it('CR5 D-CLUSTER-25 timeouts, closed connections, exhausted retries, busy replies and silent processes; not code faults', () => {
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    for (const error of [
      new Error('Command timed out'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 1).'),
      named('ReplyError', 'LOADING Redis is loading the dataset in memory'),
      named('ReplyError', 'BUSY Redis is busy running a script.'),
      new NodeUnreachableError('node-1', 'arena.forward'),
    ])
      expect(isClusterUnavailable(error), error.message).toBe(true);
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      named('ReplyError', 'WRONGTYPE Operation against a key holding the wrong kind of value'),
      new Error('battle not found'),
      'Command timed out',
      null,
    ])
      expect(isClusterUnavailable(error), String(error)).toBe(false);
  });
});
