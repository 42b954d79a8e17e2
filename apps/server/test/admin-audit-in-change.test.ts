import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminAudit, battles, characters, ledger, purchases, users } from '../src/db/schema.ts';
import {
  type FakeBotApi,
  postWebhook,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import {
  describeEachDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN_TOKEN = 'admin-token-for-audit-in-change-01';
const SECRET = 'admin-audit-in-change-secret-0123';

/* D-OPS-6: a refund's and a battle void's audit row is written in their own balance change. */
describeEachDatabase('operator audit rows commit with the balance change', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  let nextId = 68_500;
  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
      env: { ADMIN_TOKEN, TELEGRAM_API_ROOT: botApi.url, TELEGRAM_WEBHOOK_SECRET: SECRET },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  const op = (method: string, route: string, body?: unknown) =>
    t.call(null, method, route, body, { authorization: `Bearer ${ADMIN_TOKEN}` });

  async function paidPurchase(telegramId: number) {
    const chargeId = `stxAudit${randomBytes(6).toString('hex')}`;
    const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: telegramId,
      package_id: 'sack-of-stars',
    });
    expect(invoice.status).toBe(200);
    const update = successfulPaymentUpdate({
      fromId: telegramId,
      payload: invoice.body.data.purchase_id,
      amount: invoice.body.data.stars_amount ?? 143,
      chargeId,
    });
    expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
    return chargeId;
  }

  const refundDebits = (userId: string) =>
    t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:refund')));
  const auditRows = (action: string, key: string) =>
    t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.idempotencyKey, key)));

  it('D-OPS-6 a refund whose audit row cannot be written takes nothing back and calls no refund', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    const chargeId = await paidPurchase(telegramId);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));
    // A row already holding the charge's key: the unique (action, key) index refuses the second.
    await t.database.db
      .insert(adminAudit)
      .values({ actor: 'x', action: 'refund', userId, reason: 'taken', idempotencyKey: chargeId });
    const refundsBefore = botApi.callsOf('refundStarPayment').length;
    const refused = await op('POST', `/admin/payments/${chargeId}/refund`, {
      actor: 'dave',
      reason: 'ticket 12',
    });
    expect(refused.status).toBe(409);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.gems).toBe(before!.gems);
    expect(await refundDebits(userId)).toEqual([]);
    const [purchase] = await t.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, chargeId));
    expect(purchase!.status).toBe('paid');
    expect(botApi.callsOf('refundStarPayment').length).toBe(refundsBefore);
  }, 60_000);

  it('D-OPS-6 a refund Telegram refuses leaves neither a ledger row nor an audit row', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    const chargeId = await paidPurchase(telegramId);
    botApi.failNext('refundStarPayment', 400, 'Bad Request: CHARGE_NOT_FOUND');
    const refused = await op('POST', `/admin/payments/${chargeId}/refund`, {
      actor: 'dave',
      reason: 'ticket 12',
    });
    expect(refused.body.error).toBe('stars/refund-failed');
    expect(await refundDebits(userId)).toEqual([]);
    expect(await auditRows('refund', chargeId)).toEqual([]);
    // Retried once Telegram agrees: one debit, one audit row.
    const refunded = await op('POST', `/admin/payments/${chargeId}/refund`, {
      actor: 'dave',
      reason: 'ticket 12',
    });
    expect(refunded.status).toBe(200);
    expect(await refundDebits(userId)).toHaveLength(1);
    const audit = await auditRows('refund', chargeId);
    expect(audit).toHaveLength(1);
    expect(refunded.body.data.audit_id).toBe(audit[0]!.id);
  }, 60_000);

  it('D-OPS-6 a battle void whose audit row cannot be written returns no stake and leaves the battle running', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 20_000);
    const [hero] = await t.database.db.select().from(characters).limit(1);
    const [battle] = await t.database.db
      .insert(battles)
      .values({
        mode: 'pve',
        difficulty: 'easy',
        player1Id: userId,
        player1CharacterId: hero!.id,
        entry: [{ userId, stake: 5_000, energy: 0 }],
      })
      .returning({ id: battles.id });
    await t.database.db
      .insert(adminAudit)
      .values({ actor: 'x', action: 'void-battle', userId, reason: 'taken', idempotencyKey: battle!.id });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const refused = await op('POST', `/admin/battles/${battle!.id}/void`, {
      actor: 'erin',
      reason: 'stuck battle',
    });
    expect(refused.status).toBe(409);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.coins).toBe(before!.coins);
    const [row] = await t.database.db.select().from(battles).where(eq(battles.id, battle!.id));
    expect(row!.status).toBe('active');
    expect(
      await t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'battle-void'))),
    ).toEqual([]);
    // Clean up: the battle must not stay active for the other suites' sweeps.
    await t.database.db.update(battles).set({ status: 'void' }).where(eq(battles.id, battle!.id));
  }, 60_000);
});
