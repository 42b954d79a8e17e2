import { UPGRADE_KINDS, type UpgradeKind, upgradePrice } from '@titans/shared/boosts/upgrades';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledger, users } from '../src/db/schema.ts';
import { upgradeLevelsOf } from '../src/users/upgrade-levels.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  databaseKinds,
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

async function ledgerSum(t: TestApp, userId: string, reason: string) {
  const [row] = await t.database.db
    .select({ total: sql<number>`coalesce(sum(${ledger.delta}), 0)::bigint` })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.reason, reason)));
  return Number(row?.total ?? 0);
}

describeEachDatabase('money gateway', (kind) => {
  let t: TestApp;
  let nextId = 31_000;
  const sockets: TestSocket[] = [];

  const open = async (telegramId: number, clientId: string) => {
    const socket = await connectSocket(t.url, t.initData(telegramId), clientId);
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    return socket;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { TAP_FLUSH_INTERVAL_MS: '50' } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  it('G1 a held player keeps tapping in memory while everyone else keeps flushing', async () => {
    const a = nextId++;
    const b = nextId++;
    const userA = await readyPlayer(t, a);
    const userB = await readyPlayer(t, b);
    const socketA = await open(a, 'client-g1-aaaaa');
    const socketB = await open(b, 'client-g1-bbbbb');

    const live = await t.engine.hold(userA);
    expect(live).not.toBeNull();
    try {
      socketA.emit('tap', { telegram_user_id: a, count: 3, seq: 1 });
      await socketA.next('tapRegistered');
      const confirmedB = socketB.next(
        'coinsUpdated',
        (payload) => payload.pending === 0 && payload.coins > 0,
      );
      socketB.emit('tap', { telegram_user_id: b, count: 3, seq: 1 });
      // B's taps become durable on the next periodic flush although A is held.
      const durableB = (await confirmedB).coins;
      expect(durableB).toBeGreaterThan(0);
      expect(await ledgerMatches(t, userB)).toEqual({ coins: durableB, ledger: durableB });
      const [rowA] = await t.database.db.select().from(users).where(eq(users.id, userA));
      expect(rowA!.coins).toBe(0);
    } finally {
      await t.engine.release(userA);
    }
    // Released: A's taps follow on the next flush.
    const confirmedA = await socketA.waitFor(
      'coinsUpdated',
      (payload) => payload.pending === 0 && payload.coins > 0,
    );
    expect(confirmedA.coins).toBeGreaterThan(0);
    expect(await ledgerMatches(t, userA)).toEqual({ coins: confirmedA.coins, ledger: confirmedA.coins });
  });

  it('G2 a change first writes the pending taps, so coins just tapped pay for it', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id, 'client-g2-aaaaa');
    socket.emit('tap', { telegram_user_id: id, count: 10, seq: 1 });
    const registered = await socket.next('tapRegistered');
    expect(registered.pending).toBeGreaterThan(0);
    // Debit exactly what was just tapped, before any periodic flush could have written it.
    const result = await t.gateway.change(userId, (money) =>
      money.apply({
        userId,
        currency: 'coins',
        delta: -registered.total,
        reason: 'test-debit',
        idempotencyKey: `g2:${userId}`,
      }),
    );
    expect(result).toEqual({ ok: true, value: 0 });
    expect(await ledgerMatches(t, userId)).toEqual({ coins: 0, ledger: 0 });
  });

  it('G3 a failed change writes nothing: its own rows roll back with the balance', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 1000);
    const result = await t.gateway.change(userId, async (money) => {
      await money.apply({
        userId,
        currency: 'coins',
        delta: -400,
        reason: 'test-debit',
        idempotencyKey: `g3:${userId}`,
      });
      await money.tx.update(users).set({ wins: 99 }).where(eq(users.id, userId));
      return money.fail('boost/max-level');
    });
    expect(result).toEqual({ ok: false, code: 'boost/max-level' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ coins: 1000, wins: 0 });
    const short = await t.gateway.change(userId, (money) =>
      money.apply({
        userId,
        currency: 'coins',
        delta: -5000,
        reason: 'test-debit',
        idempotencyKey: `g3b:${userId}`,
        insufficient: 'boost/insufficient-coins',
      }),
    );
    expect(short).toEqual({ ok: false, code: 'boost/insufficient-coins' });
    expect(await ledgerMatches(t, userId)).toEqual({ coins: 1000, ledger: 1000 });
  });

  it('G4 changes over two players in opposite orders never deadlock and keep both ledgers whole', async () => {
    const a = await readyPlayer(t, nextId++);
    const b = await readyPlayer(t, nextId++);
    await grantCoins(t, a, 10_000);
    await grantCoins(t, b, 10_000);
    let transfers = 0;
    const transfer = (from: string, to: string) =>
      t.gateway.changeMany([from, to], async (money) => {
        const n = ++transfers;
        await money.apply({
          userId: from,
          currency: 'coins',
          delta: -100,
          reason: 'test-transfer',
          idempotencyKey: `g4:${n}:out`,
        });
        await money.apply({
          userId: to,
          currency: 'coins',
          delta: 100,
          reason: 'test-transfer',
          idempotencyKey: `g4:${n}:in`,
        });
      });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? transfer(a, b) : transfer(b, a))),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const left = await ledgerMatches(t, a);
    const right = await ledgerMatches(t, b);
    expect(left.coins).toBe(left.ledger);
    expect(right.coins).toBe(right.ledger);
    expect(left.coins + right.coins).toBe(20_000);
  });

  it('G5 a retried upgrade with the same Idempotency-Key charges once and answers the same', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const price =
      upgradePrice('tap_power', 0)! + upgradePrice('tap_power', 1)! + upgradePrice('tap_power', 2)!;
    await grantCoins(t, userId, price);
    const headers = { 'idempotency-key': `retry-${userId}` };
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      answers.push(await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'tap_power' }, headers));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.tapPowerLevel).toBe(1);
    expect(await ledgerSum(t, userId, 'boost:tap_power')).toBe(-upgradePrice('tap_power', 0)!);
    // The key belongs to that request: reusing it for another is refused and changes nothing.
    const other = await t.call(id, 'POST', '/v1/boosts/upgrade', { kind: 'energy_regen' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('request/idempotency-mismatch');
    const malformed = await t.call(
      id,
      'POST',
      '/v1/boosts/upgrade',
      { kind: 'tap_power' },
      { 'idempotency-key': 'x' },
    );
    expect(malformed.status).toBe(400);
    expect(await ledgerMatches(t, userId)).toEqual({ coins: row!.coins, ledger: row!.coins });
  });

  it('G6 50 concurrent upgrades by one tapping player: exact debits, ledger = balance, no tap lost', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 2_000_000);
    const socket = await open(id, 'client-g6-aaaaa');
    let seq = 0;
    let tapping = true;
    const tapper = (async () => {
      while (tapping) {
        socket.emit('tap', { telegram_user_id: id, count: 2, seq: ++seq });
        await socket.next('tapRegistered', (payload) => payload.seq === seq);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const kinds: UpgradeKind[] = Array.from(
      { length: 50 },
      (_, index) => UPGRADE_KINDS[index % UPGRADE_KINDS.length]!,
    );
    const answers = await Promise.all(
      kinds.map((upgrade) => t.call(id, 'POST', '/v1/boosts/upgrade', { kind: upgrade })),
    );
    tapping = false;
    await tapper;
    const lastSeq = seq;
    await socket.waitFor(
      'coinsUpdated',
      (payload) => (payload.confirmed_seq ?? 0) >= lastSeq && payload.pending === 0,
    );

    expect(answers.every((answer) => [200, 400].includes(answer.status))).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const levels = upgradeLevelsOf(row!);
    let expectedDebit = 0;
    for (const upgrade of UPGRADE_KINDS) {
      let paid = 0;
      for (let bought = 0; bought < levels[upgrade]; bought++) paid += upgradePrice(upgrade, bought)!;
      expect(-(await ledgerSum(t, userId, `boost:${upgrade}`))).toBe(paid);
      expectedDebit += paid;
    }
    const successes = answers.filter((answer) => answer.status === 200).length;
    expect(successes).toBe(UPGRADE_KINDS.reduce((sum, upgrade) => sum + levels[upgrade], 0));
    // Every tap the server accepted is in the ledger; the rest is the grant minus the purchases.
    const tapped = (socket.received.tapRegistered as Array<{ value: number }>).reduce(
      (sum, payload) => sum + payload.value,
      0,
    );
    expect(await ledgerSum(t, userId, 'tap')).toBe(tapped);
    expect(row!.coins).toBe(2_000_000 + tapped - expectedDebit);
    expect(await ledgerMatches(t, userId)).toEqual({ coins: row!.coins, ledger: row!.coins });
  });

  it('D1 a flooding socket is refused past its budget, then disconnected; other players are untouched', async () => {
    const flooder = nextId++;
    const bystander = nextId++;
    const flooderId = await readyPlayer(t, flooder);
    await readyPlayer(t, bystander);
    const noisy = await open(flooder, 'client-d1-flood');
    const calm = await open(bystander, 'client-d1-calm');
    let disconnected = false;
    noisy.on('disconnect', () => {
      disconnected = true;
    });
    const started = Date.now();
    // 1000 events in about a second, then keep going until the server hangs up (at most 5 s).
    for (let sent = 0; !disconnected && Date.now() - started < 5_000; sent++) {
      noisy.emit('tap', { telegram_user_id: flooder, count: 1, seq: sent + 1 });
      if (sent % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(disconnected).toBe(true);
    const errors = (noisy.received.error ?? []) as Array<{ code?: string }>;
    expect(errors.some((error) => error.code === 'request/rate-limited')).toBe(true);
    const registered = (noisy.received.tapRegistered ?? []) as Array<{ value: number }>;
    // Burst plus the sustained rate over the run: nowhere near the thousands sent.
    const elapsed = (Date.now() - started) / 1000;
    expect(registered.length).toBeLessThanOrEqual(
      t.config.socketRateLimit.burst + Math.ceil(elapsed * t.config.socketRateLimit.perSecond) + 1,
    );
    // The bystander still taps normally.
    const confirmed = calm.next('coinsUpdated', (payload) => payload.pending === 0 && payload.coins > 0);
    calm.emit('tap', { telegram_user_id: bystander, count: 2, seq: 1 });
    expect((await calm.next('tapRegistered')).accepted).toBe(2);
    await confirmed;
    expect(calm.connected).toBe(true);
    // Nothing the flooder was told it earned is lost.
    await t.engine.flush();
    const earned = registered.reduce((sum, payload) => sum + payload.value, 0);
    await expect.poll(() => ledgerSum(t, flooderId, 'tap')).toBe(earned);
  });
});

// On PostgreSQL a change's transaction runs beside the flusher's (PGlite serialises every
// transaction itself, so there the rule is to keep a change's work to database writes).
describe.skipIf(!databaseKinds().includes('postgres'))(
  'money gateway, concurrent transactions [postgres]',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('postgres', { env: { TAP_FLUSH_INTERVAL_MS: '50' } });
    });
    afterAll(async () => t?.close());

    it("G1 a long change for player A does not delay player B's flush", async () => {
      const a = 32_001;
      const b = 32_002;
      const userA = await readyPlayer(t, a);
      await readyPlayer(t, b);
      const socketB = await connectSocket(t.url, t.initData(b), 'client-g1-long-b');
      try {
        const status = socketB.next('statusUpdated');
        socketB.emit('initUser', { telegram_user_id: String(b) });
        await status;
        let finishA!: () => void;
        const gate = new Promise<void>((resolve) => {
          finishA = resolve;
        });
        const changeA = t.gateway.change(userA, async (money) => {
          await money.tx.update(users).set({ wins: 1 }).where(eq(users.id, userA));
          await gate; // A's transaction stays open until B's taps are durable
        });
        const confirmedB = socketB.next(
          'coinsUpdated',
          (payload) => payload.pending === 0 && payload.coins > 0,
        );
        socketB.emit('tap', { telegram_user_id: b, count: 4, seq: 1 });
        await confirmedB;
        finishA();
        expect((await changeA).ok).toBe(true);
      } finally {
        socketB.close();
      }
    });

    it("G1 balance changes holding every pooled connection do not hold back anyone's flush", async () => {
      // Three connections, all taken by open changes and one more change waiting for a fourth:
      // the flush has connections of its own, so B's taps still become durable.
      const small = await startTestApp('postgres', {
        env: { TAP_FLUSH_INTERVAL_MS: '50', DATABASE_POOL_SIZE: '3' },
      });
      const holders = [32_101, 32_102, 32_103, 32_104];
      const b = 32_105;
      const socketB = await (async () => {
        for (const id of holders) await readyPlayer(small, id);
        await readyPlayer(small, b);
        return connectSocket(small.url, small.initData(b), 'client-g7-pool-b');
      })();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const changes: Promise<{ ok: boolean }>[] = [];
      try {
        const status = socketB.next('statusUpdated');
        socketB.emit('initUser', { telegram_user_id: String(b) });
        await status;
        let opened = 0;
        for (const id of holders) {
          const [row] = await small.database.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.telegramUserId, BigInt(id)));
          changes.push(
            small.gateway.change(row!.id, async (money) => {
              await money.tx.update(users).set({ wins: 1 }).where(eq(users.id, row!.id));
              opened++;
              await gate;
            }),
          );
        }
        await expect.poll(() => opened, { timeout: 5_000 }).toBe(3); // the fourth waits for a connection
        const confirmedB = socketB.next(
          'coinsUpdated',
          (payload) => payload.pending === 0 && payload.coins > 0,
        );
        socketB.emit('tap', { telegram_user_id: b, count: 4, seq: 1 });
        expect((await confirmedB).coins).toBeGreaterThan(0);
        expect(opened).toBe(3);
      } finally {
        release();
        await Promise.all(changes);
        socketB.close();
        await small.close();
      }
      expect((await Promise.all(changes)).every((result) => result.ok)).toBe(true);
    });
  },
);
