import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoom } from '../src/realtime/socket-dispatcher.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Redis loss (CR3; decisions D-CLUSTER-6, D-CLUSTER-9): two apps on one PostgreSQL and a Redis
 * of this test's own, which it kills and starts again on the same port. Taps never wait on Redis;
 * pushes between processes heal without restarting anything.
 */
describe.runIf(process.env.DATABASE_URL)('cluster realtime: Redis goes away and comes back', () => {
  let redis: RedisProcess;
  let a: TestApp;
  let b: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    redis = await RedisProcess.start();
    const env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      TAP_FLUSH_INTERVAL_MS: '50',
    };
    a = await startTestApp('postgres', { env });
    b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await redis?.up().catch(() => {});
    await b?.close();
    await a?.close();
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
  const push = (t: TestApp, userId: string, name: string) =>
    t.realtime.toUser(userId, 'referralJoined', { username: 'u', name, reward: 1, coins: 0 });
  const pushed = (socket: TestSocket, prefix: string) =>
    (socket.received.referralJoined ?? []).filter((p) => (p as { name: string }).name.startsWith(prefix));

  it('CR3 D-CLUSTER-9 taps flow while Redis is down; cross-process pushes come back with it', async () => {
    const x = 32_701;
    const y = 32_702;
    const z = 32_703;
    const xId = await readyPlayer(a, x);
    await readyPlayer(a, y);
    await readyPlayer(a, z);
    const zOnB = await open(b, z);
    const xOnB = await open(b, x);
    const yOnA = await open(a, y, `c2-loss-${y}`);
    // initUser answered once B listened on X's room channel (CR6): the first push arrives.
    push(a, xId, 'before');
    await xOnB.waitFor('referralJoined', (p) => p.name === 'before');
    // X is on both processes: each knows the other holds X.
    const xOnA = await open(a, x);
    const bothKnow = () =>
      vi.waitFor(
        () => {
          expect(a.realtime.cluster?.remoteHolders(userRoom(xId))).toBe(1);
          expect(b.realtime.cluster?.remoteHolders(userRoom(xId))).toBe(1);
        },
        { timeout: 10_000 },
      );
    await bothKnow();

    await redis.down();
    // Taps on A: answered at once and made durable (the flush writes PostgreSQL only).
    for (let seq = 1; seq <= 5; seq++) {
      const started = performance.now();
      yOnA.emit('tap', { telegram_user_id: y, count: 1, seq });
      const reply = await yOnA.waitFor('tapRegistered', (p) => p.seq === seq, 2_000);
      expect(reply.accepted).toBe(1);
      expect(performance.now() - started).toBeLessThan(500);
    }
    await yOnA.waitFor('coinsUpdated', (p) => p.pending === 0 && p.coins > 0, 5_000);
    // A push to a player on the other process cannot get there now; it fails without throwing.
    expect(() => push(a, xId, 'during')).not.toThrow();
    // A ban through A still closes Z's socket on B: the database poll carries it (D-BAN-1).
    const zClosed = new Promise<void>((resolve) => zOnB.once('disconnect', () => resolve()));
    const banned = performance.now();
    expect(await a.bans.set(String(z), true, 'While Redis was away')).toMatchObject({ ok: true });
    await zClosed;
    expect(performance.now() - banned).toBeLessThan(2_000);
    expect(zOnB.received.error).toContainEqual(expect.objectContaining({ code: 'auth/banned' }));
    // A new socket connects and is announced while Redis is away.
    const second = await open(a, y, `c2-loss-${y}-b`);
    expect(second.connected).toBe(true);

    await redis.up();
    // Healed without a restart: the restarted Redis knows nothing, yet the processes subscribe and
    // announce themselves again, so a push from A (which holds X too) reaches X's socket on B.
    let attempt = 0;
    await vi.waitFor(
      () => {
        push(a, xId, `after-${attempt++}`);
        expect(pushed(xOnB, 'after-').length).toBeGreaterThan(0);
      },
      { timeout: 15_000, interval: 250 },
    );
    await bothKnow();
    expect(pushed(xOnA, 'after-').length).toBeGreaterThan(0);
    push(b, xId, 'healed-from-b');
    await xOnA.waitFor('referralJoined', (p) => p.name === 'healed-from-b');
    await xOnB.waitFor('referralJoined', (p) => p.name === 'healed-from-b');
  }, 90_000);
});
