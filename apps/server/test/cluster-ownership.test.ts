import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_MIN_HOLD_MS } from '../src/cluster/player-ownership.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { grantCoins, ledgerMatches, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * One owner per player (decisions D-CLUSTER-14): two apps on one PostgreSQL and one
 * Redis. A player reaching both never has two energy pools; a change made on the process that
 * does not hold them reaches the one that does.
 */
describe.runIf(process.env.DATABASE_URL)('cluster ownership: one owner, one pool, fenced writes', () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: TestSocket[] = [];
  let nextId = 880_000 + Math.floor(Math.random() * 50_000);
  /** How far the apps' clock runs ahead of the wall clock: moved past an owner's minimum hold. */
  let ahead = 0;
  const clock = () => Date.now() + ahead;

  beforeAll(async () => {
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:` };
    a = await startTestApp('postgres', { env, clock });
    b = await startTestApp('postgres', { env, clock, databaseUrl: a.config.databaseUrl });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  }, 60_000);

  const open = async (t: TestApp, telegramId: number) => {
    const socket = await connectSocket(
      t.url,
      t.initData(telegramId),
      `client-${randomBytes(3).toString('hex')}`,
    );
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: telegramId });
    return { socket, status: await ready };
  };

  const tap = (socket: TestSocket, telegramId: number, count: number, seq: number) => {
    const registered = socket.next('tapRegistered', (payload) => payload.seq === seq, 1_000);
    socket.emit('tap', { telegram_user_id: telegramId, count, seq });
    return registered;
  };

  const stored = async (userId: string) => {
    const [row] = await a.database.query<{ coins: string; total_taps: string; owner_epoch: string }>(
      'select coins, total_taps, owner_epoch from users where id = $1',
      [userId],
    );
    return { coins: Number(row?.coins), taps: Number(row?.total_taps), epoch: Number(row?.owner_epoch) };
  };

  it('a socket on a second process watches; its taps go to the owner for its minimum hold, then take the player over: the first flushes, lets go and moves its socket', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    const first = await open(a, telegramId);
    const taps = await tap(first.socket, telegramId, 5, 1);
    expect(taps.accepted).toBe(5);
    const moved = first.socket.next('error', (payload) => payload.code === 'socket/moved');
    const closed = new Promise((resolve) => first.socket.once('disconnect', resolve));
    const before = (await stored(userId)).epoch;
    // Connecting only looks: the player stays where they are.
    const second = await open(b, telegramId);
    expect(b.engine.live(userId, Date.now())).toBeUndefined();
    expect(first.socket.connected).toBe(true);
    // Within the owner's minimum hold the tap is applied by the owner (D-CLUSTER-24).
    const forwarded = await tap(second.socket, telegramId, 2, 1);
    expect(forwarded.accepted).toBe(2);
    expect(b.engine.live(userId, Date.now())).toBeUndefined();
    expect(first.socket.connected).toBe(true);
    // Past it, the next tap there takes the player over.
    ahead += OWNER_MIN_HOLD_MS;
    const taken = await tap(second.socket, telegramId, 3, 2);
    expect(taken.accepted).toBe(3);
    await moved;
    await closed;
    // The first process wrote its seven taps before letting go; the second read them.
    const tapValue = first.status.tap_value ?? 1;
    expect(taken.total).toBe(first.status.coins + 10 * tapValue);
    await b.engine.flush();
    expect((await stored(userId)).taps).toBe(10);
    expect((await stored(userId)).epoch).toBeGreaterThan(before);
    expect(a.engine.live(userId, Date.now())).toBeUndefined();
    expect(b.engine.live(userId, Date.now())).toBeDefined();
  });

  it('one player tapping on both processes at once has one energy pool: never more taps than energy', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    const ENERGY = 60;
    // Stamped on the apps' clock (ahead of the database's after the first test), so no regeneration is due.
    await a.database.query('update users set energy = $2, energy_updated_at = $3 where id = $1', [
      userId,
      ENERGY,
      new Date(clock()),
    ]);
    const started = Date.now();
    let seq = 0;
    let stop = false;
    // Each side reconnects when moved (the worst case: two clients that never give up a process)
    // and taps as fast as the server answers, 5 at a time.
    const player = async (t: TestApp) => {
      while (!stop) {
        const { socket } = await open(t, telegramId);
        while (!stop && socket.connected) {
          await tap(socket, telegramId, 5, ++seq).catch(() => undefined);
          await sleep(10);
        }
        socket.close();
        await sleep(50);
      }
    };
    const players = [player(a), player(b)];
    await sleep(3_000);
    stop = true;
    await Promise.all(players);
    const elapsedSeconds = (Date.now() - started) / 1000;
    await a.engine.flush();
    await b.engine.flush();
    const { taps, coins } = await stored(userId);
    const status = await a.call(telegramId, 'GET', `/v1/user/${telegramId}`);
    const regen = Number(status.body.data.energy_regen_rate ?? 3);
    // Two pools would allow about twice the energy; one pool allows the energy and its regeneration.
    expect(taps).toBeGreaterThan(0);
    expect(taps).toBeLessThanOrEqual(ENERGY + Math.ceil(regen * (elapsedSeconds + 1)));
    const ledger = await ledgerMatches(a, userId);
    expect(ledger.coins).toBe(ledger.ledger);
    expect(coins).toBe(ledger.coins);
  }, 30_000);

  it('money for a player held by the other process is written here, reaches their socket there, and moves nobody', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    const held = await open(a, telegramId);
    const pushed = held.socket.next('statusUpdated', (payload) => payload.coins === held.status.coins + 777);
    await grantCoins(b, userId, 777);
    await pushed;
    expect(held.socket.connected).toBe(true);
    expect(b.engine.live(userId, Date.now())).toBeUndefined();
    expect(a.engine.live(userId, Date.now())).toBeDefined();
    // Energy given back from the other process is applied by the owner, up to the maximum.
    await a.database.query('update users set energy = 10, energy_updated_at = $2 where id = $1', [
      userId,
      new Date(clock()),
    ]);
    await a.engine.refresh(userId);
    a.engine.tapIfLoaded(userId, 'x', 1, undefined);
    const given = await b.gateway.change(userId, (money) => money.giveEnergy(userId, 50));
    expect(given.ok).toBe(true);
    for (let i = 0; i < 50 && (a.engine.energyOf(userId)?.energy ?? 0) < 40; i++) await sleep(20);
    expect(a.engine.energyOf(userId)?.energy).toBeGreaterThanOrEqual(50);
    // Spending energy needs the owner: the other process refuses clearly and changes nothing.
    const spent = await b.gateway.change(userId, (money) =>
      money.spendEnergy(userId, 5, 'battle/insufficient-energy'),
    );
    expect(spent.ok).toBe(false);
    if (!spent.ok) expect(spent.code).toBe('server/unavailable');
    const ledger = await ledgerMatches(a, userId);
    expect(ledger.coins).toBe(ledger.ledger);
  });

  it("the player's own request (a battle entry, a refill) moves them from the process that took them for a grant, energy spent once", async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    // Nobody held the player: the grant's process takes them, though their connection is on a.
    await grantCoins(b, userId, 500);
    expect(b.engine.live(userId, Date.now())).toBeDefined();
    const watching = await open(a, telegramId);
    expect(a.engine.live(userId, Date.now())).toBeUndefined();
    const energy = watching.status.energy;
    const spent = await a.gateway.change(
      userId,
      (money) => money.spendEnergy(userId, 5, 'battle/insufficient-energy'),
      { actingPlayers: [userId] },
    );
    expect(spent).toMatchObject({ ok: true });
    expect(a.engine.live(userId, Date.now())).toBeDefined();
    expect(b.engine.live(userId, Date.now())).toBeUndefined();
    expect(a.engine.energyOf(userId)?.energy).toBeLessThanOrEqual(energy - 5 + 1);
    const ledger = await ledgerMatches(a, userId);
    expect(ledger.coins).toBe(ledger.ledger);
  });

  it('a process whose player was taken writes nothing more for them (the fence) and drops them', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(a, telegramId);
    const held = await open(a, telegramId);
    await tap(held.socket, telegramId, 3, 1);
    await a.engine.flush();
    const before = await stored(userId);
    // Another process takes the player behind this one's back (as after a pause past its heartbeat).
    await a.database.query('update users set owner_epoch = owner_epoch + 1 where id = $1', [userId]);
    const moved = held.socket.next('error', (payload) => payload.code === 'socket/moved');
    const reply = await tap(held.socket, telegramId, 4, 2);
    expect(reply.accepted).toBe(4);
    await a.engine.flush();
    await moved;
    const after = await stored(userId);
    expect(after.taps).toBe(before.taps);
    expect(after.coins).toBe(before.coins);
    expect(a.engine.live(userId, Date.now())).toBeUndefined();
    expect(a.engine.stats.playersMoved).toBeGreaterThan(0);
  });
});
