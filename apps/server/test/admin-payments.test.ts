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

const ADMIN_TOKEN = 'admin-token-for-payments-0123456789';
const SECRET = 'admin-payments-webhook-secret-0123';

describeEachDatabase('operator refunds and battle voids', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  let nextId = 68_000;
  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
      env: { ADMIN_TOKEN, TELEGRAM_API_ROOT: botApi.url, TELEGRAM_WEBHOOK_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  const op = (method: string, route: string, body?: unknown) =>
    t.call(null, method, route, body, { authorization: `Bearer ${ADMIN_TOKEN}` });

  /** A Stars purchase paid through the webhook, as Telegram delivers it. */
  async function paidPurchase(telegramId: number) {
    const chargeId = `stxOps${randomBytes(6).toString('hex')}`;
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

  it('OPS5 a player’s payments are listed, and a refund takes the diamonds back once, audited', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    const chargeId = await paidPurchase(telegramId);
    const listed = await op('GET', `/admin/players/${telegramId}/payments`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject([{ status: 'paid', telegram_payment_charge_id: chargeId }]);
    const diamonds = listed.body.data[0].diamonds;

    const refunded = await op('POST', `/admin/payments/${chargeId}/refund`, {
      actor: 'dave',
      reason: 'ticket 77: bought by mistake',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({
      charge_id: chargeId,
      purchase: { status: 'refunded', diamonds },
      debited: diamonds,
      shortfall: 0,
      anomaly: null,
    });
    expect(botApi.callsOf('refundStarPayment').map((call) => call.body)).toContainEqual({
      user_id: telegramId,
      telegram_payment_charge_id: chargeId,
    });
    const again = await op('POST', `/admin/payments/${chargeId}/refund`, { actor: 'dave', reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('stars/already-refunded');

    const [player] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(player!.gems).toBe(0);
    const debits = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:refund')));
    expect(debits.map((row) => row.delta)).toEqual([-diamonds]);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'refund'));
    expect(audit.filter((row) => row.idempotencyKey === chargeId)).toMatchObject([
      { actor: 'dave', userId, reason: 'ticket 77: bought by mistake' },
    ]);
    const [purchase] = await t.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.telegramPaymentChargeId, chargeId));
    expect(purchase!.status).toBe('refunded');
    expect(
      (await op('POST', '/admin/payments/stxNoSuchCharge/refund', { actor: 'dave', reason: 'typo' })).status,
    ).toBe(404);
  });

  it('OPS5 voiding a running battle returns its stakes once and is audited', async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 20_000);
    const [hero] = await t.database.db.select().from(characters).limit(1);
    // A battle left running with its escrowed stake: entering took 5,000 coins into the entry.
    const stake = 5_000;
    const [battle] = await t.database.db
      .insert(battles)
      .values({
        mode: 'pve',
        difficulty: 'easy',
        player1Id: userId,
        player1CharacterId: hero!.id,
        entry: [{ userId, stake, energy: 0 }],
      })
      .returning({ id: battles.id });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));

    const voided = await op('POST', `/admin/battles/${battle!.id}/void`, {
      actor: 'erin',
      reason: 'stuck battle',
    });
    expect(voided.status).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.coins).toBe(before!.coins + stake);
    const [row] = await t.database.db.select().from(battles).where(eq(battles.id, battle!.id));
    expect(row!.status).toBe('void');
    const returned = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'battle-void')));
    expect(returned.map((entry) => entry.delta)).toEqual([stake]);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'void-battle'));
    expect(audit).toMatchObject([
      { actor: 'erin', userId, reason: 'stuck battle', idempotencyKey: battle!.id },
    ]);
    expect(voided.body.data.audit_id).toBe(audit[0]!.id);

    const twice = await op('POST', `/admin/battles/${battle!.id}/void`, {
      actor: 'erin',
      reason: 'stuck battle',
    });
    expect(twice.status).toBe(409);
    const unknown = await op('POST', `/admin/battles/${crypto.randomUUID()}/void`, {
      actor: 'erin',
      reason: 'typo',
    });
    expect(unknown.status).toBe(404);
    expect(await t.database.db.select().from(ledger).where(eq(ledger.reason, 'battle-void'))).toHaveLength(1);
  });
});
