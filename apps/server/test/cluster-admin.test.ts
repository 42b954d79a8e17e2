import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_TOKEN = 'admin-token-for-cluster-tests-0123';

/*
 * The operator across processes (decisions D-CLUSTER-22): a lookup on any process
 * says whether the player is online elsewhere, and a kick on any process closes the player's
 * sockets on every process.
 */
describe.runIf(process.env.DATABASE_URL)('cluster admin: online and kick across processes', () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: TestSocket[] = [];
  let nextId = 7_300_001;

  beforeAll(async () => {
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`, ADMIN_TOKEN };
    a = await startTestApp('postgres', { env });
    b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  }, 60_000);

  const op = (t: TestApp, method: string, route: string, body?: unknown) =>
    t.call(null, method, route, body, { authorization: `Bearer ${ADMIN_TOKEN}` });
  const open = async (t: TestApp, id: number) => {
    const socket = await connectSocket(t.url, t.initData(id));
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    await ready;
    return socket;
  };
  const online = async (t: TestApp, id: number) =>
    (await op(t, 'GET', `/admin/players?telegram_user_id=${id}`)).body.data.online;
  /** Resolves with the ms until the socket was closed, having been told `socket/kicked`. */
  const kickedWithin = (socket: TestSocket, timeoutMs: number) => {
    const started = performance.now();
    const told = socket.next('error' as never, undefined, timeoutMs);
    const closed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return Promise.all([told, closed]).then(([payload]) => ({
      payload,
      ms: performance.now() - started,
    }));
  };

  it('D-CLUSTER-22 a lookup on either process knows the player is online on the other', async () => {
    const id = nextId++;
    await readyPlayer(a, id);
    expect(await online(a, id)).toEqual({ sockets: 0, other_processes: 0, battle_id: null, queued: false });
    const socket = await open(b, id);
    expect(await online(a, id)).toEqual({ sockets: 0, other_processes: 1, battle_id: null, queued: false });
    expect(await online(b, id)).toEqual({ sockets: 1, other_processes: 0, battle_id: null, queued: false });
    socket.close();
    // The room's subscription ends with the last socket there.
    const deadline = Date.now() + 3_000;
    let seen = await online(a, id);
    while (seen.other_processes !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await online(a, id);
    }
    expect(seen.other_processes).toBe(0);
  });

  it('D-CLUSTER-22 a kick on one process closes the player’s sockets on the other within 1 s', async () => {
    const id = nextId++;
    await readyPlayer(a, id);
    const onB = await open(b, id);
    const closed = kickedWithin(onB, 3_000);
    const kicked = await op(a, 'POST', `/admin/players/${id}/kick`, {
      actor: 'bob',
      reason: 'stuck session',
    });
    expect(kicked.status).toBe(200);
    expect(kicked.body.data).toEqual({ sockets: 0, other_processes: 1 });
    const { payload, ms } = await closed;
    expect(payload).toMatchObject({ code: 'socket/kicked' });
    expect(ms).toBeLessThan(1_000);
  });

  it('D-CLUSTER-22 a kick where the socket is counts it here; an offline player has nothing to close', async () => {
    const id = nextId++;
    await readyPlayer(a, id);
    const onB = await open(b, id);
    const closed = kickedWithin(onB, 3_000);
    const kicked = await op(b, 'POST', `/admin/players/${id}/kick`, {
      actor: 'bob',
      reason: 'stuck session',
    });
    expect(kicked.body.data).toEqual({ sockets: 1, other_processes: 0 });
    expect((await closed).payload).toMatchObject({ code: 'socket/kicked' });
    const again = await op(a, 'POST', `/admin/players/${id}/kick`, { actor: 'bob', reason: 'stuck session' });
    expect(again.body.data).toEqual({ sockets: 0, other_processes: 0 });
  });
});
