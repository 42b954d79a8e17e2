import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminAudit, ledger, users } from '../src/db/schema.ts';
import { connectSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN_TOKEN = 'admin-token-for-the-race-0123456789';

async function ledgerSum(t: TestApp, userId: string, reason: string) {
  const [row] = await t.database.db
    .select({ total: sql<number>`coalesce(sum(${ledger.delta}), 0)::bigint` })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.reason, reason)));
  return Number(row?.total ?? 0);
}

describeEachDatabase('operator grants during tapping', (kind) => {
  let t: TestApp;
  let nextId = 64_000;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_TOKEN, TAP_FLUSH_INTERVAL_MS: '20' } });
  }, 180_000);
  afterAll(async () => t?.close());

  it('OPS2 grants and takes while the player taps lose no tap and count each key once', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 10_000);
    const [start] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const socket = await connectSocket(t.url, t.initData(id), `client-ops-race-${id}`);
    try {
      const ready = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: String(id) });
      await ready;
      let seq = 0;
      let tapping = true;
      const tapper = (async () => {
        while (tapping) {
          socket.emit('tap', { telegram_user_id: id, count: 1, seq: ++seq });
          // Generous waits: this checks what is counted, not how fast, on a shared 2-core machine.
          await socket.next('tapRegistered', (payload) => payload.seq === seq, 30_000);
          // Under the socket's budget of 40 messages a second (D-SOCKET-2): a refused tap gets no reply.
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      })();
      const call = (action: 'grant' | 'take', key: string, amount: number) =>
        t.call(
          null,
          'POST',
          `/admin/players/${id}/${action}`,
          { actor: 'race', reason: 'race test', idempotency_key: key, asset: { kind: 'coins', amount } },
          { authorization: `Bearer ${ADMIN_TOKEN}` },
        );
      // 20 grants and 10 takes, each sent twice at once: every pair is one change.
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => {
          const action = index % 3 === 2 ? 'take' : 'grant';
          const key = `race-${id}-${index}`;
          const amount = action === 'grant' ? 100 + index : 50;
          return Promise.all([call(action, key, amount), call(action, key, amount)]);
        }),
      );
      tapping = false;
      await tapper;
      const lastSeq = seq;
      await socket.waitFor(
        'coinsUpdated',
        (payload) => (payload.confirmed_seq ?? 0) >= lastSeq && payload.pending === 0,
        30_000,
      );

      expect(socket.received.error ?? []).toEqual([]);
      for (const pair of answers) {
        expect(pair.map((answer) => answer.status)).toEqual([200, 200]);
        expect(pair[0]!.body.data.audit_id).toBe(pair[1]!.body.data.audit_id);
      }
      const granted = Array.from({ length: 30 }, (_, index) => (index % 3 === 2 ? -50 : 100 + index)).reduce(
        (sum, delta) => sum + delta,
        0,
      );
      const tapped = (socket.received.tapRegistered as Array<{ value: number }>).reduce(
        (sum, payload) => sum + payload.value,
        0,
      );
      expect(tapped).toBeGreaterThan(0);
      expect(await ledgerSum(t, userId, 'tap')).toBe(tapped);
      expect((await ledgerSum(t, userId, 'ops:grant')) + (await ledgerSum(t, userId, 'ops:take'))).toBe(
        granted,
      );
      const audits = await t.database.db.select().from(adminAudit).where(eq(adminAudit.userId, userId));
      expect(audits).toHaveLength(30);
      const [end] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(end!.coins).toBe(start!.coins + tapped + granted);
      expect(await ledgerMatches(t, userId)).toEqual({ coins: end!.coins, ledger: end!.coins });
    } finally {
      socket.close();
    }
  }, 180_000);
});
