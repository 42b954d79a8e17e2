import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, purchases } from '../src/db/schema.ts';
import { developmentChargeId } from '../src/stars/stars-dev-invoices.ts';
import { startFakeBotApi } from './helpers/fake-bot-api.ts';
import { connectSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

/** D-STARS-14: the development invoice, in development mode (no TELEGRAM_BOT_TOKEN) without a bot. */
describeEachDatabase('stars development invoice', (kind) => {
  let t: TestApp;
  let nextId = 47_000;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { TELEGRAM_BOT_TOKEN: '' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const player = async () => {
    const telegramId = nextId++;
    return { telegramId, userId: await readyPlayer(t, telegramId) };
  };
  const order = async (telegramId: number) => {
    const response = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: String(telegramId),
      package_id: 'sack-of-stars',
      stars_amount: 143,
    });
    expect(response.status).toBe(200);
    return response.body.data as { purchase_id: string; invoice_link: string; development: boolean };
  };
  const pay = (telegramId: number, purchaseId: string) =>
    t.call(telegramId, 'POST', `/v1/dev/diamonds/purchases/${purchaseId}/pay`);
  /** L1: the gems balance and the sum of the gems ledger rows, and the Stars credits among them. */
  const books = async (userId: string) => {
    const [row] = await t.database.query<{ gems: number | string; ledger: number | string }>(
      `select u.gems, coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'gems'), 0) as ledger
         from users u where u.id = $1`,
      [userId],
    );
    const credits = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:telegram')));
    return { gems: Number(row?.gems), ledger: Number(row?.ledger), credits };
  };

  it('S13 offers the development invoice, and its order is a pending Stars order without a Telegram link', async () => {
    const { telegramId } = await player();
    const methods = await t.call(telegramId, 'GET', '/v1/diamonds/payment-methods');
    expect(methods.body).toMatchObject({ success: true, data: { stars: 'development', ton: false } });
    const invoice = await order(telegramId);
    expect(invoice).toMatchObject({ invoice_link: '', development: true });
    const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
    expect(row).toMatchObject({
      method: 'telegram_stars',
      status: 'pending',
      starsAmount: 143,
      diamonds: 150,
    });
  });

  it('S13 paying credits once through the gateway (one ledger row under the charge key) and pushes the balance', async () => {
    const { telegramId, userId } = await player();
    const socket = await connectSocket(t.url, t.initData(telegramId), 'dev-invoice');
    try {
      const first = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: telegramId });
      await first;
      const invoice = await order(telegramId);
      const pushed = socket.next('statusUpdated', (payload) => payload.gems === 150);
      const paid = await pay(telegramId, invoice.purchase_id);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({
        success: true,
        message: 'Development payment credited',
        data: { _id: invoice.purchase_id, status: 'paid', diamonds_credited: 150 },
      });
      expect((await pushed).gems).toBe(150);
      const { gems, ledger: sum, credits } = await books(userId);
      expect({ gems, sum }).toEqual({ gems: 150, sum: 150 });
      expect(credits).toHaveLength(1);
      const chargeId = developmentChargeId(invoice.purchase_id);
      expect(credits[0]).toMatchObject({ delta: 150, idempotencyKey: `stars:charge:${chargeId}` });
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row).toMatchObject({ status: 'paid', telegramPaymentChargeId: chargeId });
    } finally {
      socket.close();
    }
  });

  it('S13 a replayed payment credits nothing, also three at once', async () => {
    const { telegramId, userId } = await player();
    const invoice = await order(telegramId);
    const racing = await Promise.all([1, 2, 3].map(() => pay(telegramId, invoice.purchase_id)));
    expect(racing.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(
      racing.filter((response) => response.body.message === 'Development payment credited'),
    ).toHaveLength(1);
    const again = await pay(telegramId, invoice.purchase_id);
    expect(again.body).toMatchObject({
      message: 'Already paid',
      data: { status: 'paid', diamonds_credited: 150 },
    });
    const { gems, ledger: sum, credits } = await books(userId);
    expect({ gems, sum, credits: credits.length }).toEqual({ gems: 150, sum: 150, credits: 1 });
  });

  it("S13 another player's order, an unknown id and a TON order are not paid", async () => {
    const owner = await player();
    const other = await player();
    const invoice = await order(owner.telegramId);
    expect((await pay(other.telegramId, invoice.purchase_id)).status).toBe(404);
    expect((await pay(other.telegramId, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await books(other.userId)).gems).toBe(0);
    expect((await books(owner.userId)).gems).toBe(0);
  });
});

describeEachDatabase('stars development invoice with a bot token', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The test app's default: TELEGRAM_BOT_TOKEN is set (not development mode) and no webhook secret.
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('S13 is refused: the pay route is a 404, nothing offers it, and no order is opened', async () => {
    const telegramId = 47_900;
    const userId = await readyPlayer(t, telegramId);
    const methods = await t.call(telegramId, 'GET', '/v1/diamonds/payment-methods');
    expect(methods.body.data).toEqual({ stars: null, ton: false });
    const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: String(telegramId),
      package_id: 'sack-of-stars',
    });
    expect(invoice.status).toBe(503);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.userId, userId))).toEqual([]);
    const pay = await t.call(
      telegramId,
      'POST',
      '/v1/dev/diamonds/purchases/00000000-0000-4000-8000-000000000000/pay',
    );
    expect(pay.status).toBe(404);
  });
});

describe('stars development invoice beside a configured bot', () => {
  it('S13 development mode with a webhook secret sells through Telegram, not the development invoice', async () => {
    const t = await startTestApp('pglite', {
      env: { TELEGRAM_BOT_TOKEN: '', TELEGRAM_WEBHOOK_SECRET: 'dev-mode-webhook-secret-0123' },
    });
    try {
      const methods = await t.call(47_901, 'GET', '/v1/diamonds/payment-methods');
      expect(methods.body.data).toEqual({ stars: 'telegram', ton: false });
      const route = t.app.hasRoute({ method: 'POST', url: '/v1/dev/diamonds/purchases/:id/pay' });
      expect(route).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("Telegram's test environment", () => {
  it('S1 with TELEGRAM_TEST_ENVIRONMENT=true the bot calls the Bot API at /bot<token>/test/<method>', async () => {
    const botApi = await startFakeBotApi();
    const t = await startTestApp('pglite', {
      env: {
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: 'test-environment-secret-0123',
        TELEGRAM_TEST_ENVIRONMENT: 'true',
      },
    });
    try {
      const telegramId = 47_902;
      await readyPlayer(t, telegramId);
      const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: String(telegramId),
        package_id: 'sack-of-stars',
      });
      expect(invoice.body.data).toMatchObject({ development: false, stars_amount: 143 });
      expect(botApi.callsOf('createInvoiceLink').map((call) => call.test)).toEqual([true]);
    } finally {
      await t.close();
      await botApi.close();
    }
  });
});
