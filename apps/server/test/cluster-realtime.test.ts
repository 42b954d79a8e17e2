import { randomBytes } from 'node:crypto';
import { MAX_SOCKETS_PER_PLAYER } from '@titans/shared/constants';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoom } from '../src/realtime/socket-dispatcher.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Realtime across processes (CR1; decisions D-CLUSTER-6..8): two apps on one PostgreSQL and
 * one Redis of this test's own (so its command counts are this test's alone).
 */
describe.runIf(process.env.DATABASE_URL)('cluster realtime: pushes, presence, budgets, cap, bans', () => {
  let redis: RedisProcess;
  let probe: Redis;
  let a: TestApp;
  let b: TestApp;
  const sockets: TestSocket[] = [];
  const PLAYER_RATE = 10;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    probe = new Redis(redis.url);
    const env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      // The player's budget binds before the socket's own (rules: H3).
      SOCKET_PLAYER_MESSAGES_PER_SECOND: String(PLAYER_RATE),
      SOCKET_PLAYER_MESSAGE_BURST: String(PLAYER_RATE),
      SOCKET_MESSAGES_PER_SECOND: '1000',
      SOCKET_MESSAGE_BURST: '1000',
    };
    a = await startTestApp('postgres', { env });
    b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
    probe?.disconnect();
    await redis?.down();
  }, 60_000);

  const open = async (t: TestApp, id: number, clientId?: string) => {
    const socket = await connectSocket(t.url, t.initData(id), clientId);
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    await ready;
    return socket;
  };
  const closed = (socket: TestSocket, timeoutMs: number) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      if (!socket.connected) return resolve(0);
      const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
    });
  const calls = async (command: string) => {
    const stats = await probe.info('commandstats');
    const match = new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats);
    return Number(match?.[1] ?? 0);
  };
  /** Waits until no publish has happened for a while (presence of sockets opened or closed just before). */
  const settled = async () => {
    let last = await calls('spublish');
    for (let round = 0; round < 25; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = await calls('spublish');
      if (now === last) return;
      last = now;
    }
    throw new Error('publishes never settled');
  };
  const joined = (payload: { name: string }) => ({ username: 'u', name: payload.name, reward: 1, coins: 2 });

  it('CR1 D-CLUSTER-6 a push from one process reaches the player on another, once on each socket', async () => {
    const id = 32_601;
    const userId = await readyPlayer(a, id);
    const onB = await open(b, id);
    a.realtime.toUser(userId, 'referralJoined', joined({ name: 'from-a' }));
    await onB.waitFor('referralJoined', (p) => p.name === 'from-a');

    // Now the player is on both: A learns B holds them (presence), a push from A reaches both once.
    const onA = await open(a, id);
    await vi.waitFor(() => expect(a.realtime.cluster?.remoteHolders(userRoom(userId))).toBe(1), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(b.realtime.cluster?.remoteHolders(userRoom(userId))).toBe(1), {
      timeout: 5_000,
    });
    a.realtime.toUser(userId, 'referralJoined', joined({ name: 'both' }));
    b.realtime.toUser(userId, 'referralJoined', joined({ name: 'both-from-b' }));
    await onA.waitFor('referralJoined', (p) => p.name === 'both');
    await onB.waitFor('referralJoined', (p) => p.name === 'both');
    await onA.waitFor('referralJoined', (p) => p.name === 'both-from-b');
    await onB.waitFor('referralJoined', (p) => p.name === 'both-from-b');
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const socket of [onA, onB])
      for (const name of ['both', 'both-from-b'])
        expect(
          socket.received.referralJoined?.filter((p) => (p as { name: string }).name === name),
        ).toHaveLength(1);

    // The socket on B leaves: B says so and A stops publishing for this player.
    const gone = closed(onB, 5_000);
    onB.close();
    await gone;
    await vi.waitFor(() => expect(a.realtime.cluster?.remoteHolders(userRoom(userId))).toBe(0), {
      timeout: 5_000,
    });
    onA.close();
  }, 60_000);

  it('CR1 D-CLUSTER-6 pushes to local players and taps cost no Redis command', async () => {
    const id = 32_602;
    const userId = await readyPlayer(a, id);
    const socket = await open(a, id, `c2-client-${id}`);
    // Its `here` (and the previous test's `gone`) are presence, once per connection: let them pass.
    await settled();
    const before = { spublish: await calls('spublish'), multi: await calls('multi') };
    for (let index = 0; index < 50; index++)
      a.realtime.toUser(userId, 'referralJoined', joined({ name: `local-${index}` }));
    await socket.waitFor('referralJoined', (p) => p.name === 'local-49');
    // Taps at the player's message rate (this suite's budget is PLAYER_RATE a second).
    for (let seq = 1; seq <= 8; seq++) {
      socket.emit('tap', { telegram_user_id: id, count: 1, seq });
      const reply = await socket.waitFor('tapRegistered', (p) => p.seq === seq);
      expect(reply.accepted).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1000 / PLAYER_RATE));
    }
    // Their durable confirmation (the flush's coinsUpdated) is local too.
    await socket.waitFor('coinsUpdated', (p) => p.pending === 0 && p.coins > 0);
    expect(await calls('multi')).toBe(before.multi);
    if (!a.config.fastPaths.has('adapter-broadcast')) {
      // The stock pass (FAST_PATHS=off): the Redis adapter publishes every push, local or not,
      // which is what the fenced broadcast saves.
      await vi.waitFor(async () =>
        expect(await calls('spublish')).toBeGreaterThanOrEqual(before.spublish + 50),
      );
      socket.close();
      return;
    }
    expect(await calls('spublish')).toBe(before.spublish);
    // A player nobody holds here is published once per push (the adapter reaches whoever holds them).
    a.realtime.toUser('00000000-0000-0000-0000-000000000000', 'referralJoined', joined({ name: 'nobody' }));
    await vi.waitFor(async () => expect(await calls('spublish')).toBe(before.spublish + 1));
    socket.close();
  }, 60_000);

  it('CR2 D-CLUSTER-8 one player with sockets on two processes keeps one message budget', async () => {
    const id = 32_603;
    const userId = await readyPlayer(a, id);
    const onA = await open(a, id);
    const onB = await open(b, id);
    await vi.waitFor(
      () => {
        expect(a.realtime.cluster?.remoteHolders(userRoom(userId))).toBe(1);
        expect(b.realtime.cluster?.remoteHolders(userRoom(userId))).toBe(1);
      },
      { timeout: 5_000 },
    );
    // Let both buckets refill, then flood from both sockets for a while.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const accepted = () =>
      a.realtime.dispatcher.stats.messages -
      a.realtime.dispatcher.stats.refused +
      b.realtime.dispatcher.stats.messages -
      b.realtime.dispatcher.stats.refused;
    const before = accepted();
    const started = performance.now();
    const flood = (socket: TestSocket) =>
      (socket.emit as unknown as (event: string, payload: unknown) => void)('noSuchEvent', {});
    while (performance.now() - started < 2_000) {
      for (let index = 0; index < 5; index++) {
        flood(onA);
        flood(onB);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Let the last messages arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seconds = (performance.now() - started) / 1000;
    const total = accepted() - before;
    // One budget: the burst plus the rate over the time; two budgets would be about twice that.
    const oneBudget = PLAYER_RATE + PLAYER_RATE * seconds;
    expect(total).toBeGreaterThanOrEqual(PLAYER_RATE);
    expect(total).toBeLessThanOrEqual(Math.ceil(oneBudget) + 2);
    onA.close();
    onB.close();
  }, 60_000);

  it(`CR2 D-CLUSTER-8 at most ${MAX_SOCKETS_PER_PLAYER} sockets per player across processes: the oldest anywhere closes`, async () => {
    const id = 32_604;
    await readyPlayer(a, id);
    const opened: TestSocket[] = [];
    for (let index = 0; index < 3; index++) {
      opened.push(await open(a, id));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let index = 0; index < 2; index++) {
      opened.push(await open(b, id));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened.every((socket) => socket.connected)).toBe(true);
    // The sixth, on B, closes the oldest, on A.
    const oldestClosed = closed(opened[0]!, 5_000);
    opened.push(await open(b, id));
    await oldestClosed;
    expect(opened[0]!.received.error).toContainEqual(expect.objectContaining({ code: 'socket/too-many' }));
    // And a seventh, on A, closes the next oldest (on A too).
    const nextClosed = closed(opened[1]!, 5_000);
    opened.push(await open(a, id));
    await nextClosed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened.slice(2).every((socket) => socket.connected)).toBe(true);
    // Newer ones on A push out the oldest on B through the adapter.
    const onBClosed = closed(opened[3]!, 5_000);
    opened.push(await open(a, id));
    opened.push(await open(a, id));
    await onBClosed;
    expect(opened[3]!.received.error).toContainEqual(expect.objectContaining({ code: 'socket/too-many' }));
    const open_ = opened.filter((socket) => socket.connected);
    expect(open_).toHaveLength(MAX_SOCKETS_PER_PLAYER);
    for (const socket of opened) socket.close();
  }, 60_000);

  it('CR2 D-BAN-1 D-CLUSTER-10 a ban through one process closes the player’s socket on another within 1 s', async () => {
    const id = 32_605;
    await readyPlayer(a, id);
    const onB = await open(b, id);
    // B's database poll is stopped: the ban reaches B over Redis (the poll is tested without Redis
    // in cluster-realtime-redis-loss.test.ts). This is the suite's last test.
    await b.bans.stop();
    const gone = closed(onB, 5_000);
    const started = performance.now();
    const result = await a.bans.set(String(id), true, 'Cluster ban');
    expect(result).toMatchObject({ ok: true });
    await gone;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1_000);
    expect(onB.received.error).toContainEqual(
      expect.objectContaining({ code: 'auth/banned', message: 'Cluster ban' }),
    );
  }, 60_000);
});
