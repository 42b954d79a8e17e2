import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { ledger, tapFlags, tapSessions, users } from '../src/db/schema.ts';
import { TapEngine, type TapSubscriber } from '../src/taps/tap-engine.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const silentLogger = {
  warn() {},
  error() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLogger;
  },
  level: 'silent',
  silent() {},
} as never;

function recorder(clientId = 'engine-test-client'): TapSubscriber & { events: Array<[string, any]> } {
  const events: Array<[string, any]> = [];
  return { clientId, events, send: (event, payload) => events.push([event, payload]), moved() {} };
}

describeEachDatabase('tap engine', (kind) => {
  let t: TestApp;
  let nextId = 40_000;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const coinsOf = async (userId: string) =>
    (await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)))[0]!.coins;
  const tapLedger = async (userId: string) =>
    Number(
      (
        await t.database.db
          .select({ total: sql<number>`coalesce(sum(${ledger.delta}), 0)::bigint` })
          .from(ledger)
          .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'tap')))
      )[0]!.total,
    );

  it('T4 a flush whose commit succeeded but whose reply was lost is settled, not credited twice', async () => {
    const userId = await readyPlayer(t, nextId++);
    let loseNextReply = true;
    // The flush writes through `urgent` (it goes first on PGlite's gate).
    const flaky: Database = {
      ...t.database,
      urgent: (work) =>
        t.database.urgent((query) =>
          work(async (text, params) => {
            const rows = await query(text, params);
            if (loseNextReply && text.includes('insert into ledger')) {
              loseNextReply = false;
              throw new Error('connection reset after commit');
            }
            return rows as never;
          }),
        ),
    };
    let now = 1_000_000;
    const engine = new TapEngine({
      database: flaky,
      logger: silentLogger,
      flushIntervalMs: 1000,
      now: () => now,
    });
    const client = recorder();
    await engine.subscribe(userId, client);
    const first = await engine.tap(userId, client.clientId, 5, 1);
    expect(first.ok).toBe(true);
    await engine.flush(); // commits, then "loses" the reply: retried next time
    expect(engine.stats.flushFailures).toBe(1);
    now += 200;
    await engine.tap(userId, client.clientId, 2, 2);
    await engine.flush(); // retries batch 1 verbatim (refused by the ledger key), then writes batch 2
    const value = (first.ok ? first.payload.value : 0) + 0;
    const coins = await coinsOf(userId);
    expect(coins).toBe(await tapLedger(userId));
    expect(coins).toBe(value + 2 * 10);
    const confirmations = client.events
      .filter(([event]) => event === 'coinsUpdated')
      .map(([, payload]) => payload);
    expect(confirmations.at(-1)).toMatchObject({ coins, pending: 0, confirmed_seq: 2 });
    await engine.close();
  });

  it('T4 a flush that failed before committing is retried and credited once', async () => {
    const userId = await readyPlayer(t, nextId++);
    let failNext = true;
    const down: Database = {
      ...t.database,
      urgent: (work) =>
        t.database.urgent((query) =>
          work(async (text, params) => {
            if (failNext && text.includes('insert into ledger')) {
              failNext = false;
              throw new Error('database unavailable');
            }
            return query(text, params);
          }),
        ),
    };
    const engine = new TapEngine({
      database: down,
      logger: silentLogger,
      flushIntervalMs: 1000,
      now: () => 5_000_000,
    });
    const client = recorder();
    await engine.subscribe(userId, client);
    await engine.tap(userId, client.clientId, 3, 1);
    await engine.flush();
    expect(await coinsOf(userId)).toBe(0);
    expect(engine.live(userId, 5_000_000)?.pending).toBe(30);
    await engine.flush();
    expect(await coinsOf(userId)).toBe(30);
    expect(await tapLedger(userId)).toBe(30);
    expect(engine.live(userId, 5_000_000)?.pending).toBe(0);
    await engine.close();
  });

  it('T2 a user who keeps tapping over the cap is recorded for review', async () => {
    const userId = await readyPlayer(t, nextId++);
    let now = 10_000_000;
    const engine = new TapEngine({
      database: t.database,
      logger: silentLogger,
      flushIntervalMs: 1000,
      now: () => now,
    });
    const client = recorder();
    await engine.subscribe(userId, client);
    for (let second = 0; second < 6; second++) {
      const result = await engine.tap(userId, client.clientId, 20, undefined);
      const again = await engine.tap(userId, client.clientId, 5, undefined);
      expect(result.ok && again.ok && again.payload.reason).toBe('rate');
      now += 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the flag is written in the background
    const flags = await t.database.db.select().from(tapFlags).where(eq(tapFlags.userId, userId));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ secondsOverCap: 5, tapsRejected: 25 });
    await engine.close();
  });

  it('T3 batch numbers older than the retention period are forgotten; recent ones are kept', async () => {
    const userId = await readyPlayer(t, nextId++);
    await t.database.db.insert(tapSessions).values([
      { userId, clientId: 'old-client-0001', lastSeq: 5, updatedAt: new Date(Date.now() - 8 * 86_400_000) },
      { userId, clientId: 'new-client-0001', lastSeq: 9, updatedAt: new Date() },
    ]);
    const engine = new TapEngine({ database: t.database, logger: silentLogger, flushIntervalMs: 1000 });
    await engine.forgetOldSessions();
    const left = await t.database.db.select().from(tapSessions).where(eq(tapSessions.userId, userId));
    expect(left.map((row) => row.clientId)).toEqual(['new-client-0001']);
    await engine.close();
  });

  it('E2 energy regenerates on the server clock between taps', async () => {
    const userId = await readyPlayer(t, nextId++);
    let now = 20_000_000;
    await t.database.db
      .update(users)
      .set({ energy: 0, energyUpdatedAt: new Date(now) })
      .where(eq(users.id, userId));
    const engine = new TapEngine({
      database: t.database,
      logger: silentLogger,
      flushIntervalMs: 1000,
      now: () => now,
    });
    const client = recorder();
    await engine.subscribe(userId, client);
    const empty = await engine.tap(userId, client.clientId, 1, undefined);
    expect(empty.ok && empty.payload).toMatchObject({ accepted: 0, reason: 'energy' });
    now += 2_000; // 3 energy per second
    const later = await engine.tap(userId, client.clientId, 10, undefined);
    expect(later.ok && later.payload).toMatchObject({ accepted: 6, rejected: 4, energy: 0 });
    await engine.close();
  });
});
