import { MAX_CLIENT_IDS_PER_PLAYER, MAX_SOCKETS_PER_PLAYER } from '@titans/shared/constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BanService } from '../src/bans/ban-service.ts';
import { systemClock, systemScheduler } from '../src/core/clock.ts';
import { UserService } from '../src/users/user-service.ts';
import { connectSocket, refusedConnection, type TestSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const ADMIN_TOKEN = 'admin-token-for-the-fault-tests';

describeEachDatabase('faults: sockets, client ids and bans', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_TOKEN } });
  }, 180_000);
  afterAll(async () => t?.close(), 60_000);

  const open = async (id: number, clientId?: string) => {
    const socket = await connectSocket(t.url, t.initData(id), clientId);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    await ready;
    return socket;
  };
  const closed = (socket: TestSocket, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      if (!socket.connected) return resolve('already');
      const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  // Another process's BanService: it writes changes but reaches none of this process's sockets.
  const otherProcess = () =>
    new BanService({
      database: t.database,
      logger: t.app.log,
      apply: () => {},
      scheduler: systemScheduler(systemClock),
    });
  const coinsOf = async (id: number) => (await t.call(id, 'GET', `/v1/user/${id}`)).body.data.coins as number;

  it(`D-BOUND-2 a player keeps at most ${MAX_SOCKETS_PER_PLAYER} sockets: a newer one closes the oldest`, async () => {
    const id = 62_001;
    await readyPlayer(t, id);
    const sockets: TestSocket[] = [];
    for (let index = 0; index < MAX_SOCKETS_PER_PLAYER; index++) sockets.push(await open(id));
    const oldestClosed = closed(sockets[0]!, 10_000);
    sockets.push(await connectSocket(t.url, t.initData(id)));
    expect(await oldestClosed).toBe('io server disconnect');
    expect(sockets[0]!.received.error).toContainEqual(expect.objectContaining({ code: 'socket/too-many' }));
    expect(sockets.slice(1).every((socket) => socket.connected)).toBe(true);
    expect(t.sockets.socketsOf(String(id))).toHaveLength(MAX_SOCKETS_PER_PLAYER);
    for (const socket of sockets) socket.close();
  }, 120_000);

  it(`D-BOUND-1 a player's batch numbers are kept for their ${MAX_CLIENT_IDS_PER_PLAYER} latest client ids, in memory and in tap_sessions`, async () => {
    const id = 62_002;
    const userId = await readyPlayer(t, id);
    const clientIds = Array.from(
      { length: MAX_CLIENT_IDS_PER_PLAYER + 4 },
      (_, index) => `bound-client-${index}`,
    );
    for (const clientId of clientIds) {
      const socket = await open(id, clientId);
      socket.emit('tap', { telegram_user_id: id, count: 1, seq: 1 });
      await socket.waitFor('coinsUpdated', (payload) => (payload.confirmed_seq ?? 0) >= 1);
      socket.close();
    }
    const kept = clientIds.slice(-MAX_CLIENT_IDS_PER_PLAYER);
    expect(t.engine.clientIdsOf(userId).sort()).toEqual([...kept].sort());
    await t.engine.pruneClientIds();
    const rows = await t.database.query<{ client_id: string }>(
      'select client_id from tap_sessions where user_id = $1',
      [userId],
    );
    expect(rows.map((row) => row.client_id).sort()).toEqual([...kept].sort());

    // A kept client's resend is still a duplicate; a forgotten client's batch counts as new taps.
    const keptSocket = await open(id, kept[0]);
    keptSocket.emit('tap', { telegram_user_id: id, count: 1, seq: 1 });
    expect((await keptSocket.next('tapRegistered')).reason).toBe('duplicate');
    keptSocket.close();
  }, 120_000);

  it('A9 a ban closes the open socket at once; nothing it sends afterwards is credited', async () => {
    const id = 62_003;
    await readyPlayer(t, id);
    const socket = await open(id, 'ban-client-1');
    socket.emit('tap', { telegram_user_id: id, count: 1, seq: 1 });
    await socket.waitFor('coinsUpdated', (payload) => (payload.confirmed_seq ?? 0) >= 1);
    const before = await coinsOf(id);
    expect(before).toBeGreaterThan(0);
    let closedAt = 0;
    socket.once('disconnect', () => (closedAt = Date.now()));
    const gone = closed(socket, 10_000);
    const response = await t.call(
      null,
      'POST',
      '/admin/ban',
      { telegram_user_id: String(id), reason: 'Tap bot' },
      {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      },
    );
    const committedAt = Date.now();
    expect(response.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // The ban is pushed before the call answers: the close arrives with the reply, not a poll later.
    expect(Math.max(0, closedAt - committedAt)).toBeLessThan(250);
    expect(socket.received.error).toContainEqual({ code: 'auth/banned', message: 'Tap bot' });
    socket.emit('tap', { telegram_user_id: id, count: 1, seq: 2 });
    const refused = await refusedConnection(t.url, { initData: t.initData(id) });
    expect(refused.data).toMatchObject({ code: 'auth/banned', message: 'Tap bot' });
    expect((await t.call(id, 'GET', `/v1/user/${id}`)).status).toBe(403);

    // The unban takes effect at once too: the next connection is accepted and its taps count.
    const unbanned = await t.call(
      null,
      'POST',
      '/admin/unban',
      { telegram_user_id: id },
      {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      },
    );
    expect(unbanned.status).toBe(200);
    expect(await coinsOf(id)).toBe(before);
    const again = await open(id, 'ban-client-2');
    again.emit('tap', { telegram_user_id: id, count: 1, seq: 1 });
    await again.waitFor('coinsUpdated', (payload) => (payload.confirmed_seq ?? 0) >= 1);
    expect(await coinsOf(id)).toBeGreaterThan(before);
    again.close();
  }, 120_000);

  it('A10 a ban written by another process (or the CLI on PostgreSQL) reaches open sockets within a second', async () => {
    const id = 62_004;
    await readyPlayer(t, id);
    const socket = await open(id, 'ban-client-3');
    let closedAt = 0;
    socket.once('disconnect', () => (closedAt = Date.now()));
    const gone = closed(socket, 10_000);
    // Another process's BanService: it writes the change but cannot reach this process's sockets.
    const elsewhere = otherProcess();
    expect(await elsewhere.set(String(id), true, null)).toMatchObject({ ok: true });
    const committedAt = Date.now();
    expect(await gone).toBe('io server disconnect');
    // The poll runs every 500 ms; within a second of the commit the socket is closed.
    expect(closedAt - committedAt).toBeLessThan(1000);
    expect(socket.received.error).toContainEqual({
      code: 'auth/banned',
      message: 'Account suspended for violating terms of service.',
    });
    await elsewhere.set(String(id), false, null);
  }, 120_000);

  it('A10 the account every call reads follows bans and unbans written by another process', async () => {
    const id = 62_005;
    await readyPlayer(t, id);
    expect((await t.call(id, 'GET', `/v1/user/${id}`)).status).toBe(200);
    const elsewhere = otherProcess();
    const answers = async (status: number) => {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const response = await t.call(id, 'GET', `/v1/user/${id}`);
        if (response.status === status || Date.now() > deadline) return response;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await elsewhere.set(String(id), true, 'Elsewhere');
    let bannedAt = Date.now();
    const refused = await answers(403);
    expect(refused.body).toMatchObject({ error: 'auth/banned', message: 'Elsewhere' });
    expect(Date.now() - bannedAt).toBeLessThan(1_500);
    await elsewhere.set(String(id), false, null);
    bannedAt = Date.now();
    expect((await answers(200)).status).toBe(200);
    expect(Date.now() - bannedAt).toBeLessThan(1_500);
  }, 120_000);

  it('A10 an account read that a ban overtakes is not kept: the next call reads the ban', async () => {
    const id = 62_006;
    await readyPlayer(t, id);
    const users = new UserService({ database: t.database, live: t.engine, now: systemClock });
    // The read starts before the ban and answers after it was applied.
    const reading = users.findAccount(String(id));
    users.forgetAccount(String(id));
    expect(await reading).toMatchObject({ isBanned: false });
    await t.database.query('update users set is_banned = true where telegram_user_id = $1', [id]);
    expect(await users.findAccount(String(id))).toMatchObject({ isBanned: true });
    await t.database.query('update users set is_banned = false where telegram_user_id = $1', [id]);
  }, 120_000);

  it('A11 operator calls need the admin token', async () => {
    const response = await t.call(
      null,
      'POST',
      '/admin/ban',
      { telegram_user_id: 1 },
      { authorization: 'Bearer wrong' },
    );
    expect(response.status).toBe(401);
    const unknown = await t.call(
      null,
      'POST',
      '/admin/ban',
      { telegram_user_id: 999_999_999 },
      {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      },
    );
    expect(unknown.status).toBe(404);
  }, 120_000);
});
