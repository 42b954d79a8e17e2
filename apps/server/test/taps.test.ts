import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { characters, ledger, tapSessions, users } from '../src/db/schema.ts';
import { connectSocket, refusedConnection, type TestSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

async function storedUser(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function ledgerSum(t: TestApp, userId: string, reason = 'tap') {
  const [row] = await t.database.db
    .select({ total: sql<number>`coalesce(sum(${ledger.delta}), 0)::bigint` })
    .from(ledger)
    .where(sql`${ledger.userId} = ${userId} and ${ledger.reason} = ${reason}`);
  return Number(row?.total ?? 0);
}

describeEachDatabase('taps over socket.io', (kind) => {
  let t: TestApp;
  let tapValue: number;
  const sockets: TestSocket[] = [];
  let nextId = 7000;

  const open = async (telegramId: number, clientId?: string) => {
    const socket = await connectSocket(t.url, t.initData(telegramId), clientId);
    sockets.push(socket);
    return socket;
  };
  const announce = async (socket: TestSocket, telegramId: number) => {
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    return status;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { TAP_FLUSH_INTERVAL_MS: '50' } });
    const [hero] = await t.database.db.select().from(characters).where(eq(characters.isFree, true)).limit(1);
    tapValue = hero!.tapValue;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  it('T1 taps are credited with the server-computed value and confirmed after the flush', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id, 'client-aaaaaaaa');
    const status = await announce(socket, id);
    expect(status).toMatchObject({ coins: 0, pending: 0, max_energy: 1000, energy: 1000, tap_multiplier: 1 });

    const confirmed = socket.next('coinsUpdated', (payload) => payload.pending === 0 && payload.coins > 0);
    // The client's tap_power and tap_multiplier are ignored: the server decides the value.
    socket.emit('tap', { telegram_user_id: id, tap_power: 1_000_000, tap_multiplier: 50, count: 5, seq: 1 });
    const registered = await socket.next('tapRegistered');
    expect(registered).toMatchObject({
      accepted: 5,
      rejected: 0,
      value: 5 * tapValue,
      pending: 5 * tapValue,
      seq: 1,
    });
    expect(registered.total).toBe(5 * tapValue);
    const durable = await confirmed;
    expect(durable).toMatchObject({ coins: 5 * tapValue, pending: 0, confirmed_seq: 1 });

    const row = await storedUser(t, userId);
    expect(row.coins).toBe(5 * tapValue);
    expect(row.totalTaps).toBe(5);
    expect(row.energy).toBe(995);
    expect(await ledgerSum(t, userId)).toBe(5 * tapValue);
  });

  it('T3 a resent batch (same seq) is applied once, also after reconnecting', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const first = await open(id, 'client-bbbbbbbb');
    await announce(first, id);
    first.emit('tap', { telegram_user_id: id, count: 3, seq: 7 });
    expect(await first.next('tapRegistered')).toMatchObject({ accepted: 3, seq: 7 });
    first.emit('tap', { telegram_user_id: id, count: 3, seq: 7 });
    expect(await first.next('tapRegistered')).toMatchObject({
      accepted: 0,
      rejected: 0,
      reason: 'duplicate',
      seq: 7,
    });
    await first.waitFor('coinsUpdated', (payload) => payload.pending === 0 && payload.confirmed_seq === 7);
    first.close();

    const again = await open(id, 'client-bbbbbbbb');
    const status = await announce(again, id);
    expect(status.confirmed_seq).toBe(7);
    expect(status.applied_seq).toBe(7);
    again.emit('tap', { telegram_user_id: id, count: 3, seq: 7 });
    expect(await again.next('tapRegistered')).toMatchObject({ reason: 'duplicate' });
    again.emit('tap', { telegram_user_id: id, count: 2, seq: 8 });
    expect(await again.next('tapRegistered')).toMatchObject({ accepted: 2, seq: 8 });
    await again.waitFor('coinsUpdated', (payload) => payload.pending === 0 && payload.confirmed_seq === 8);
    expect((await storedUser(t, userId)).coins).toBe(5 * tapValue);
    const [session] = await t.database.db.select().from(tapSessions).where(eq(tapSessions.userId, userId));
    expect(session).toMatchObject({ clientId: 'client-bbbbbbbb', lastSeq: 8 });
  });

  it('T2/E3 two sockets of one user share one energy pool and one rate cap', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await t.database.db
      .update(users)
      .set({ energy: 12, energyUpdatedAt: new Date() })
      .where(eq(users.id, userId));
    const phone = await open(id, 'client-phone-1');
    const tablet = await open(id, 'client-tablet-1');
    await announce(phone, id);
    await announce(tablet, id);
    phone.emit('tap', { telegram_user_id: id, count: 8, seq: 1 });
    tablet.emit('tap', { telegram_user_id: id, count: 8, seq: 1 });
    const [a, b] = await Promise.all([phone.next('tapRegistered'), tablet.next('tapRegistered')]);
    expect(a.accepted + b.accepted).toBe(12);
    expect(a.rejected + b.rejected).toBe(4);
    expect([a.reason, b.reason]).toContain('energy');
    await phone.waitFor('coinsUpdated', (payload) => payload.pending === 0 && payload.coins > 0);
    const row = await storedUser(t, userId);
    expect(row.coins).toBe(a.value + b.value);
    expect(row.coins).toBeGreaterThanOrEqual(12 * tapValue);
    expect(row.energy).toBeLessThanOrEqual(1);
  });

  it('T2 no more than 20 taps a second are accepted across devices', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const phone = await open(id, 'client-phone-2');
    const tablet = await open(id, 'client-tablet-2');
    await announce(phone, id);
    await announce(tablet, id);
    phone.emit('tap', { telegram_user_id: id, count: 15 });
    tablet.emit('tap', { telegram_user_id: id, count: 15 });
    const [a, b] = await Promise.all([phone.next('tapRegistered'), tablet.next('tapRegistered')]);
    expect(a.accepted + b.accepted).toBe(20);
    expect([a.reason, b.reason]).toContain('rate');
  });

  it('E3 taps without energy are rejected', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await t.database.db
      .update(users)
      .set({ energy: 0, energyUpdatedAt: new Date() })
      .where(eq(users.id, userId));
    const socket = await open(id);
    await announce(socket, id);
    socket.emit('tap', { telegram_user_id: id, count: 1 });
    expect(await socket.next('tapRegistered')).toMatchObject({
      accepted: 0,
      rejected: 1,
      reason: 'energy',
      value: 0,
    });
  });

  it('bad payloads get an error and change nothing', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id);
    await announce(socket, id);
    const bad: unknown[] = [
      { telegram_user_id: id, count: 'five' },
      { telegram_user_id: id, count: 1_000_000 },
      { telegram_user_id: id, count: -3 },
      { telegram_user_id: id, count: 0 },
      { telegram_user_id: id, count: 2.5 },
      { telegram_user_id: id, seq: -1 },
      { telegram_user_id: id + 1, count: 1 },
      { telegram_user_id: 'robert', count: 1 },
      { count: 1 },
      { telegram_user_id: id, coins: 500 },
      'tap',
      null,
    ];
    for (const payload of bad) {
      const error = socket.next('error');
      socket.emit('tap', payload as never);
      const received = await error;
      expect(typeof received.message, JSON.stringify(payload)).toBe('string');
    }
    expect(socket.received.tapRegistered ?? []).toHaveLength(0);
    const row = await storedUser(t, userId);
    expect(row.coins).toBe(0);
    expect(row.totalTaps).toBe(0);
  });

  it('A3 initUser for another user is refused; taps before initUser are refused', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const socket = await open(id);
    const early = socket.next('error');
    socket.emit('tap', { telegram_user_id: id, count: 1, seq: 3 });
    expect(await early).toMatchObject({ code: 'tap/no-user', seq: 3 });
    const forbidden = socket.next('error');
    socket.emit('initUser', { telegram_user_id: String(id + 1000) });
    expect(await forbidden).toMatchObject({ code: 'auth/forbidden' });
  });

  it('A1/A4 the handshake needs valid init data; a banned user is refused', async () => {
    const missing = await refusedConnection(t.url, {});
    expect(missing.data).toMatchObject({ code: 'auth/missing' });
    const forged = await refusedConnection(t.url, {
      initData: t.initData(1).replace(/hash=\w+/, `hash=${'a'.repeat(64)}`),
    });
    expect(forged.data).toMatchObject({ code: 'auth/invalid' });

    const id = nextId++;
    await readyPlayer(t, id);
    await t.bans.set(String(id), true, 'Tap bot');
    const banned = await refusedConnection(t.url, { initData: t.initData(id) });
    expect(banned.data).toMatchObject({ code: 'auth/banned', message: 'Tap bot' });
  });

  it('L1 coins credited = accepted taps × value = ledger sum, over many batches', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id, 'client-cccccccc');
    await announce(socket, id);
    let accepted = 0;
    let credited = 0;
    const settled = socket.next(
      'coinsUpdated',
      (payload) => payload.pending === 0 && payload.confirmed_seq === 12,
    );
    for (let seq = 1; seq <= 12; seq++) {
      socket.emit('tap', { telegram_user_id: id, count: 3, seq });
      const registered = await socket.next('tapRegistered');
      accepted += registered.accepted;
      credited += registered.value;
      await new Promise((resolve) => setTimeout(resolve, 210));
    }
    await settled;
    const row = await storedUser(t, userId);
    expect(accepted).toBe(36);
    expect(row.coins).toBe(credited);
    expect(row.totalTaps).toBe(accepted);
    expect(await ledgerSum(t, userId)).toBe(credited);
  });
});

describe('taps survive a clean restart', () => {
  it('T4 shutdown flushes pending taps before exiting', async () => {
    // A long flush interval: the taps are still pending when the server is asked to stop.
    const first = await startTestApp('pglite', { env: { TAP_FLUSH_INTERVAL_MS: '250' } });
    const dataDir = first.config.dataDir;
    const id = 9100;
    const userId = await readyPlayer(first, id);
    const socket = await connectSocket(first.url, first.initData(id), 'client-restart1');
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    await status;
    socket.emit('tap', { telegram_user_id: id, count: 4, seq: 1 });
    const registered = await socket.next('tapRegistered');
    expect(registered.pending).toBeGreaterThan(0);
    socket.close();
    await first.app.close();

    const second = await startTestApp('pglite', { dataDir });
    try {
      const [row] = await second.database.db.select().from(users).where(eq(users.id, userId));
      expect(row!.coins).toBe(registered.value);
      const me = await second.call(id, 'GET', `/v1/user/${id}`);
      expect(me.body.data.coins).toBe(registered.value);
    } finally {
      await second.close();
    }
  });
});
