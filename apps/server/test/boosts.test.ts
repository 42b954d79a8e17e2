import { upgradePrice } from '@titans/shared/boosts/upgrades';
import { BASE_MAX_ENERGY, ENERGY_PER_CAPACITY_LEVEL, FREE_REFILLS_PER_DAY } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ledger, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  manualClock,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

describeEachDatabase('boosts', (kind) => {
  let t: TestApp;
  let nextId = 12_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { TAP_FLUSH_INTERVAL_MS: '50' } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  const grant = (userId: string, coins: number) => grantCoins(t, userId, coins);
  /** Energy changes go through the gateway too (the player may be live in the tap engine). */
  const lowerEnergy = async (userId: string, energy: number) => {
    const result = await t.gateway.change(userId, (money) => money.setEnergy(userId, energy));
    expect(result.ok).toBe(true);
  };

  it('lists every upgrade with its level and next price, and the free refills', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const response = await t.call(id, 'GET', '/v1/boosts');
    expect(response.status).toBe(200);
    expect(response.body.data.upgrades.map((entry: { kind: string }) => entry.kind)).toEqual([
      'tap_power',
      'energy_capacity',
      'energy_regen',
      'cooldown_reduction',
    ]);
    expect(response.body.data.upgrades[0]).toMatchObject({ level: 0, price: upgradePrice('tap_power', 0) });
    expect(response.body.data.free_refill).toMatchObject({
      per_day: FREE_REFILLS_PER_DAY,
      remaining: FREE_REFILLS_PER_DAY,
    });
  });

  it('B1 an upgrade costs coins through the ledger and takes effect at once', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const price = upgradePrice('energy_capacity', 0)!;
    await grant(userId, price + 100);
    const socket = await connectSocket(t.url, t.initData(id), 'client-boost-1');
    sockets.push(socket);
    const first = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    expect((await first).max_energy).toBe(BASE_MAX_ENERGY);

    const pushed = socket.next('statusUpdated');
    const response = await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'energy_capacity' });
    expect(response.status).toBe(200);
    expect(response.body.data.upgrades[1]).toMatchObject({
      level: 1,
      price: upgradePrice('energy_capacity', 1),
    });
    expect(response.body.data.coins).toBe(100);
    expect((await pushed).max_energy).toBe(BASE_MAX_ENERGY + ENERGY_PER_CAPACITY_LEVEL);

    const [entry] = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'boost:energy_capacity')));
    expect(entry).toMatchObject({ delta: -price, balanceAfter: 100 });
    const me = await t.call(id, 'GET', `/v1/user/${id}`);
    expect(me.body.data.upgrades.energy_capacity).toBe(1);
    expect(me.body.data.max_energy).toBe(BASE_MAX_ENERGY + ENERGY_PER_CAPACITY_LEVEL);
  });

  it('B1 Multitap raises the coins of the next taps', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grant(userId, upgradePrice('tap_power', 0)!);
    const socket = await connectSocket(t.url, t.initData(id), 'client-boost-2');
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    await ready;
    socket.emit('tap', { telegram_user_id: id, count: 1 });
    const before = await socket.next('tapRegistered');
    expect((await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600)); // let the combo reset
    socket.emit('tap', { telegram_user_id: id, count: 1 });
    const after = await socket.next('tapRegistered');
    expect(after.value).toBe(before.value * 2);
  });

  it('B1/L2 without enough coins nothing changes', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const response = await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('boost/insufficient-coins');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ coins: 0, tapPowerLevel: 0 });
    expect((await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'rocket' })).status).toBe(400);
    expect((await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power', price: 1 })).status).toBe(
      400,
    );
    const stale = await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power', level: 9 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('boost/level-changed');
    expect(await ledgerMatches(t, userId)).toEqual({ coins: 0, ledger: 0 });
  });

  it('B1 two purchases of the same level at once charge once', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const price = upgradePrice('energy_regen', 0)!;
    await grant(userId, price * 10);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'energy_regen' })),
    );
    const ok = results.filter((result) => result.status === 200).length;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.energyRegenLevel).toBe(ok);
    let spent = 0;
    for (let level = 0; level < ok; level++) spent += upgradePrice('energy_regen', level)!;
    expect(row!.coins).toBe(price * 10 - spent);
    const [sum] = await t.database.db
      .select({ total: sql<number>`sum(${ledger.delta})::bigint` })
      .from(ledger)
      .where(eq(ledger.userId, userId));
    expect(Number(sum!.total)).toBe(row!.coins);
  });

  it('B2 a free refill fills energy; then the cooldown applies; energy full is refused', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    expect((await t.call(id, 'POST', '/v1/boosts/refill')).body.error).toBe('boost/energy-full');
    await lowerEnergy(userId, 10);
    const refilled = await t.call(id, 'POST', '/v1/boosts/refill');
    expect(refilled.status).toBe(200);
    expect(refilled.body.data.energy).toBe(BASE_MAX_ENERGY);
    expect(refilled.body.data.free_refill).toMatchObject({
      used_today: 1,
      remaining: FREE_REFILLS_PER_DAY - 1,
    });
    expect(refilled.body.data.free_refill.available_at).not.toBeNull();
    await lowerEnergy(userId, 10);
    const again = await t.call(id, 'POST', '/v1/boosts/refill');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('boost/refill-cooldown');
  });
});

describeEachDatabase('boosts on the app clock', (kind) => {
  let t: TestApp;
  // 10:00 UTC on some day: three refills fit before midnight.
  const clock = manualClock(Date.UTC(2026, 10, 20, 10, 0, 0));
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { TAP_FLUSH_INTERVAL_MS: '50' }, clock });
  });
  afterAll(async () => t?.close());

  it('B2 refills wait out the cooldown, stop at 3 a UTC day and come back the next day', async () => {
    const id = 12_900;
    const userId = await readyPlayer(t, id);
    const drain = async () => {
      const result = await t.gateway.change(userId, (money) => money.setEnergy(userId, 0));
      expect(result.ok).toBe(true);
    };
    const refill = () => t.call(id, 'POST', '/v1/boosts/refill');
    for (let used = 1; used <= FREE_REFILLS_PER_DAY; used++) {
      await drain();
      const answer = await refill();
      expect(answer.status).toBe(200);
      expect(answer.body.data.free_refill.used_today).toBe(used);
      await drain();
      expect((await refill()).body.error).toBe(
        used < FREE_REFILLS_PER_DAY ? 'boost/refill-cooldown' : 'boost/no-refills-left',
      );
      clock.advance(61 * 60_000);
    }
    // 13:03 UTC, after three refills an hour apart: none left until midnight.
    await drain();
    expect((await refill()).body.error).toBe('boost/no-refills-left');
    clock.set(Date.UTC(2026, 10, 21, 0, 1, 0));
    await drain();
    const nextDay = await refill();
    expect(nextDay.status).toBe(200);
    expect(nextDay.body.data.free_refill.used_today).toBe(1);
  });
});
