import { randomBytes } from 'node:crypto';
import type { PlayerReport } from '@titans/shared/admin/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOps } from '../../../scripts/ops/ops-commands.ts';
import { ledger, purchases, users } from '../src/db/schema.ts';
import {
  type FakeBotApi,
  postWebhook,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import { captureLog } from './helpers/log-capture.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'bot-webhook-secret-refunds-abcdefg';
const ADMIN_TOKEN = 'admin-token-for-refund-tests-0123456';
let nextUpdate = 9_100_000;

/** Telegram's `refunded_payment` service message, as a webhook update. */
function refundedPaymentUpdate(options: {
  fromId: number;
  payload: string;
  amount: number;
  chargeId: string;
  updateId?: number;
}) {
  const from = { id: options.fromId, is_bot: false, first_name: `Player${options.fromId}` };
  return {
    update_id: options.updateId ?? nextUpdate++,
    message: {
      message_id: nextUpdate++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: options.fromId, type: 'private', first_name: from.first_name },
      from,
      refunded_payment: {
        currency: 'XTR',
        total_amount: options.amount,
        invoice_payload: options.payload,
        telegram_payment_charge_id: options.chargeId,
        provider_payment_charge_id: '',
      },
    },
  };
}

describeEachDatabase('stars: refunds made outside the server (S14)', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  const log = captureLog();

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
      logger: log.logger,
      env: { TELEGRAM_API_ROOT: botApi.url, TELEGRAM_WEBHOOK_SECRET: SECRET, ADMIN_TOKEN },
    });
  });
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  /** A player who bought the 50-gem pouch through the webhook: their account id, the purchase and its charge. */
  async function buyer(telegramId: number) {
    const userId = await readyPlayer(t, telegramId);
    const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: telegramId,
      package_id: 'pouch-of-stars',
    });
    expect(invoice.status).toBe(200);
    const purchaseId: string = invoice.body.data.purchase_id;
    const chargeId = `stxRefund${randomBytes(8).toString('hex')}`;
    return { userId, purchaseId, chargeId };
  }

  async function pay(telegramId: number, purchaseId: string, chargeId: string) {
    const paid = await postWebhook(
      t.url,
      successfulPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount: 50, chargeId }),
      SECRET,
    );
    expect(paid.status).toBe(200);
  }

  async function refund(telegramId: number, purchaseId: string, chargeId: string, updateId?: number) {
    return postWebhook(
      t.url,
      refundedPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount: 50, chargeId, updateId }),
      SECRET,
    );
  }

  async function gems(userId: string): Promise<number> {
    const [row] = await t.database.db.select({ gems: users.gems }).from(users).where(eq(users.id, userId));
    return row!.gems;
  }

  /** L1: the gems balance is the sum of the gems ledger; answers the refund rows. */
  async function refundRows(userId: string) {
    const [sum] = await t.database.db
      .select({ total: sql<string>`coalesce(sum(${ledger.delta}), 0)` })
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.currency, 'gems')));
    expect(Number(sum!.total)).toBe(await gems(userId));
    return t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:refund')));
  }

  async function purchase(purchaseId: string) {
    const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    return row!;
  }

  it('S14 a refunded_payment takes the gems back once; the update delivered again takes nothing', async () => {
    const telegramId = 47_001;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    await pay(telegramId, purchaseId, chargeId);
    expect(await gems(userId)).toBe(50);

    const first = await refund(telegramId, purchaseId, chargeId, 9_000_001);
    expect(first.status).toBe(200);
    expect(await gems(userId)).toBe(0);
    expect(await purchase(purchaseId)).toMatchObject({
      status: 'refunded',
      refundOrigin: 'telegram',
      refundShortfall: 0,
    });
    // Telegram delivers the same update again, and a second update names the same charge.
    expect((await refund(telegramId, purchaseId, chargeId, 9_000_001)).status).toBe(200);
    expect((await refund(telegramId, purchaseId, chargeId)).status).toBe(200);
    expect(await gems(userId)).toBe(0);
    const rows = await refundRows(userId);
    expect(rows.map((row) => row.delta)).toEqual([-50]);
    expect(rows[0]!.idempotencyKey).toBe(`stars:refund:${chargeId}`);
    // The operator's refund of the same charge is refused: it is refunded already.
    expect(await t.stars.refund(chargeId)).toMatchObject({ ok: false, code: 'stars/already-refunded' });
  });

  it('S14 gems already spent: the balance stops at 0, the rest is recorded as owed and shown by npm run ops -- player', async () => {
    const telegramId = 47_002;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    await pay(telegramId, purchaseId, chargeId);
    const spend = await t.gateway.change(userId, (money) =>
      money.apply({
        userId,
        currency: 'gems',
        delta: -30,
        reason: 'test-spend',
        idempotencyKey: `spend:${chargeId}`,
      }),
    );
    expect(spend.ok).toBe(true);

    expect((await refund(telegramId, purchaseId, chargeId)).status).toBe(200);
    expect(await gems(userId)).toBe(0);
    expect(await purchase(purchaseId)).toMatchObject({
      status: 'refunded',
      refundOrigin: 'telegram',
      refundShortfall: 30,
    });
    const rows = await refundRows(userId);
    expect(rows.map((row) => [row.delta, row.meta])).toEqual([
      [-20, { purchase_id: purchaseId, charge_id: chargeId, shortfall: 30, origin: 'telegram' }],
    ]);
    expect(
      log.lines.some(
        (line) =>
          line.level === 40 && line.msg?.includes('refunded by Telegram after 30 of its gems were spent'),
      ),
    ).toBe(true);

    const out: string[] = [];
    const code = await runOps(['player', String(telegramId)], {
      url: t.url,
      token: ADMIN_TOKEN,
      actor: 'refund-test',
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    expect(code).toBe(0);
    const report = out.join('\n');
    expect(report).toContain('FLAG owes 30 gems: refunded purchases whose gems were already spent');
    expect(report).toMatch(
      new RegExp(`refunded .*charge ${chargeId}  refunded by telegram  shortfall 30 gems not taken back`),
    );
    // A second spent purchase adds to what is owed.
    const another = await buyer(telegramId);
    await pay(telegramId, another.purchaseId, another.chargeId);
    await t.gateway.change(userId, (money) =>
      money.apply({
        userId,
        currency: 'gems',
        delta: -45,
        reason: 'test-spend',
        idempotencyKey: `spend:${another.chargeId}`,
      }),
    );
    expect((await refund(telegramId, another.purchaseId, another.chargeId)).status).toBe(200);
    const players = await fetch(`${t.url}/admin/players?telegram_user_id=${telegramId}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const answer = (await players.json()) as { data: PlayerReport };
    expect(answer.data.player.refund_gems_owed).toBe(75);
    expect(await gems(userId)).toBe(0);
  });

  it('S14 a refund of an anomaly takes nothing; a charge no purchase records changes nothing', async () => {
    const telegramId = 47_003;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    // Paid 49 Stars for a 50-Star invoice: recorded as an anomaly, nothing credited (S10).
    await postWebhook(
      t.url,
      successfulPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount: 49, chargeId }),
      SECRET,
    );
    expect(await purchase(purchaseId)).toMatchObject({ status: 'anomaly' });
    expect((await refund(telegramId, purchaseId, chargeId)).status).toBe(200);
    expect(await purchase(purchaseId)).toMatchObject({
      status: 'refunded',
      refundOrigin: 'telegram',
      refundShortfall: 0,
    });
    expect(await gems(userId)).toBe(0);
    expect(await refundRows(userId)).toEqual([]);

    const errors = log.errors().length;
    const unknown = `stxUnknown${randomBytes(6).toString('hex')}`;
    expect((await refund(telegramId, '00000000-0000-4000-8000-000000000000', unknown)).status).toBe(200);
    expect(log.errors().length).toBe(errors + 1);
    expect(log.errors().at(-1)?.msg).toContain('refunded_payment for a charge no purchase records');
  });

  it('S14 a refund reported before its payment was recorded closes the invoice; the payment then credits nothing', async () => {
    const telegramId = 47_004;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    expect((await refund(telegramId, purchaseId, chargeId)).status).toBe(200);
    expect(await purchase(purchaseId)).toMatchObject({
      status: 'refunded',
      telegramPaymentChargeId: chargeId,
      refundOrigin: 'telegram',
    });
    await pay(telegramId, purchaseId, chargeId);
    expect(await gems(userId)).toBe(0);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'refunded' });
  });

  it('S14 a refund that cannot be recorded answers an error, so Telegram delivers it again', async () => {
    const telegramId = 47_005;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    await pay(telegramId, purchaseId, chargeId);
    const failing = vi
      .spyOn(t.stars, 'recordTelegramRefund')
      .mockRejectedValueOnce(new Error('database unavailable'));
    try {
      expect((await refund(telegramId, purchaseId, chargeId, 9_000_005)).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(await gems(userId)).toBe(50);
    expect((await refund(telegramId, purchaseId, chargeId, 9_000_005)).status).toBe(200);
    expect(await gems(userId)).toBe(0);
  });

  it('S14 deliveries of one refund at the same moment take the gems back once', async () => {
    const telegramId = 47_006;
    const { userId, purchaseId, chargeId } = await buyer(telegramId);
    await pay(telegramId, purchaseId, chargeId);
    const answers = await Promise.all([
      refund(telegramId, purchaseId, chargeId),
      refund(telegramId, purchaseId, chargeId),
      refund(telegramId, purchaseId, chargeId),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await gems(userId)).toBe(0);
    expect((await refundRows(userId)).map((row) => row.delta)).toEqual([-50]);
    expect(await purchase(purchaseId)).toMatchObject({ status: 'refunded', refundShortfall: 0 });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/* S14 across processes: Telegram's deliveries of one refund reach two servers at once. */
describe.runIf(process.env.DATABASE_URL)(
  'stars: one refund delivered to two processes at once (PostgreSQL)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let botApi: FakeBotApi;

    beforeAll(async () => {
      botApi = await startFakeBotApi();
      const env = {
        REDIS_URL,
        CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      };
      a = await startTestApp('postgres', { env });
      b = await startTestApp('postgres', { env, databaseUrl: a.config.databaseUrl });
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await botApi?.close();
    }, 60_000);

    it('S14 two processes given the same refunded_payment, and an operator refund beside them, take the gems back once', async () => {
      for (let round = 0; round < 5; round++) {
        const telegramId = 47_100 + round;
        const userId = await readyPlayer(a, telegramId);
        const invoice = await a.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
          telegram_user_id: telegramId,
          package_id: 'pouch-of-stars',
        });
        const purchaseId: string = invoice.body.data.purchase_id;
        const chargeId = `stxCluster${randomBytes(8).toString('hex')}`;
        const paid = await postWebhook(
          b.url,
          successfulPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount: 50, chargeId }),
          SECRET,
        );
        expect(paid.status).toBe(200);
        const update = refundedPaymentUpdate({
          fromId: telegramId,
          payload: purchaseId,
          amount: 50,
          chargeId,
        });
        const [toA, toB, operator] = await Promise.all([
          postWebhook(a.url, update, SECRET),
          postWebhook(b.url, update, SECRET),
          // Odd rounds: the operator refunds the same charge at that moment.
          round % 2 === 1 ? b.stars.refund(chargeId) : Promise.resolve(null),
        ]);
        expect([toA.status, toB.status]).toEqual([200, 200]);
        if (operator) expect(operator.ok || operator.code === 'stars/already-refunded').toBe(true);
        const [row] = await a.database.db
          .select({ gems: users.gems })
          .from(users)
          .where(eq(users.id, userId));
        expect(row!.gems).toBe(0);
        const debits = await a.database.db
          .select()
          .from(ledger)
          .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:refund')));
        expect(debits.map((debit) => debit.delta)).toEqual([-50]);
        const [refunded] = await a.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
        expect(refunded).toMatchObject({ status: 'refunded', refundShortfall: 0 });
      }
    }, 120_000);
  },
);
