import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { friendlyTonAddress } from '../src/core/ton-address.ts';
import { diamondPackages, ledger, purchases } from '../src/db/schema.ts';
import { PRE_CHECKOUT_REFUSALS } from '../src/stars/stars-service.ts';
import {
  type FakeBotApi,
  postWebhook,
  preCheckoutUpdate,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import { type FakeTonApi, randomTonAddress, startFakeTonApi } from './helpers/fake-ton-api.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  readyPlayer,
  startTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
} from './helpers/test-app.ts';

const SECRET = 'stars-webhook-secret-0123456789';
const WALLET = randomTonAddress();
const NANO = 1_000_000_000n;

describeEachDatabase('stars', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  let chain: FakeTonApi;
  let nextId = 31_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    chain = await startFakeTonApi();
    t = await startTestApp(kind, {
      env: {
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TON_API_ROOT: chain.url,
        TON_WALLET_ADDRESS: friendlyTonAddress(WALLET, { bounceable: true }),
      },
    });
  });
  afterEach(() => {
    chain.down = false;
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
    await chain?.close();
  });

  /** L1 for Stars: the gems balance equals the sum of the player's gems ledger rows. */
  const gemsAndLedger = async (userId: string) => {
    const [row] = await t.database.query<{ gems: number | string; ledger: number | string }>(
      `select u.gems, coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'gems'), 0) as ledger
         from users u where u.id = $1`,
      [userId],
    );
    return { gems: Number(row?.gems), ledger: Number(row?.ledger) };
  };
  const expectGems = async (userId: string, gems: number) => {
    expect(await gemsAndLedger(userId)).toEqual({ gems, ledger: gems });
  };

  const pkg = async (id = 'sack-of-stars') => {
    const [row] = await t.database.db.select().from(diamondPackages).where(eq(diamondPackages.id, id));
    return row!;
  };

  const player = async () => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    return { telegramId, userId };
  };

  const createInvoice = async (telegramId: number, packageId = 'sack-of-stars') => {
    const response = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: String(telegramId),
      package_id: packageId,
      package_name: 'whatever the client says',
      package_description: 'ignored',
    });
    expect(response.status).toBe(200);
    return response.body.data as {
      purchase_id: string;
      order_id: string;
      stars_amount: number;
      invoice_link: string;
    };
  };

  const pay = (telegramId: number, purchaseId: string, amount: number, chargeId: string) =>
    postWebhook(
      t.url,
      successfulPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount, chargeId }),
      SECRET,
    );

  describe('packages', () => {
    it('lists the catalogue packages with the spec fields (price_usd = Stars)', async () => {
      const response = await t.call(nextId++, 'GET', '/v1/diamonds/packages');
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      const sack = response.body.data.find((entry: { _id: string }) => entry._id === 'sack-of-stars');
      expect(sack).toEqual({
        _id: 'sack-of-stars',
        name: 'Sack of Stars',
        description: expect.any(String),
        image_url: '/art/packages/sack-of-stars.svg',
        diamond_amount: 150,
        price_usd: 143,
        price_crypto: '0.72',
        crypto_currency: 'TON',
        discount_percentage: 5,
      });
      const one = await t.call(nextId++, 'GET', '/v1/diamond/packages/sack-of-stars');
      expect(one.body.data).toEqual(sack);
      const missing = await t.call(nextId++, 'GET', '/v1/diamond/packages/nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, message: 'Could not fetch package details' });
    });
  });

  describe('Telegram Stars', () => {
    it('S1 create-invoice prices the invoice from the package row and sends the exact createInvoiceLink request', async () => {
      const { telegramId, userId } = await player();
      const before = botApi.callsOf('createInvoiceLink').length;
      const invoice = await createInvoice(telegramId, 'chest-of-stars');
      const calls = botApi.callsOf('createInvoiceLink');
      expect(calls.length).toBe(before + 1);
      const call = calls.at(-1)!;
      expect(call.token).toBe(TEST_BOT_TOKEN);
      expect(call.body).toEqual({
        title: 'Chest of Stars',
        description: (await pkg('chest-of-stars')).description,
        payload: invoice.purchase_id,
        provider_token: '',
        currency: 'XTR',
        prices: [{ label: 'Chest of Stars', amount: 360 }],
      });
      expect(invoice.invoice_link).toMatch(/^https:\/\/t\.me\/\$/);
      expect(invoice.order_id).toMatch(new RegExp(`^TG-ORDER-${telegramId}-\\d+$`));
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row).toMatchObject({
        userId,
        status: 'pending',
        starsAmount: 360,
        diamonds: 400,
        method: 'telegram_stars',
      });
      await expectGems(userId, 0);
    });

    it('S1 a stale stars_amount is refused and an unknown package is a 404; a body naming someone else is a 403', async () => {
      const { telegramId } = await player();
      const stale = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId,
        package_id: 'sack-of-stars',
        stars_amount: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe('stars/price-changed');
      const unknown = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId,
        package_id: 'nope',
      });
      expect(unknown.status).toBe(404);
      const other = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId + 1,
        package_id: 'sack-of-stars',
      });
      expect(other.status).toBe(403);
      const extra = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId,
        package_id: 'sack-of-stars',
        diamond_amount: 999999,
      });
      expect(extra.status).toBe(400);
    });

    it('S1 a Bot API failure answers "Failed to generate invoice link" and leaves no pending purchase', async () => {
      const { telegramId, userId } = await player();
      botApi.failNext('createInvoiceLink', 400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
      const response = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: telegramId,
        package_id: 'sack-of-stars',
      });
      expect(response.status).toBe(502);
      expect(response.body.message).toBe('Failed to generate invoice link');
      const rows = await t.database.db.select().from(purchases).where(eq(purchases.userId, userId));
      expect(rows).toEqual([]);
    });

    it('S2 pre-checkout is accepted for the pending purchase of that user at that amount', async () => {
      const { telegramId } = await player();
      const invoice = await createInvoice(telegramId);
      const update = preCheckoutUpdate({ fromId: telegramId, payload: invoice.purchase_id, amount: 143 });
      const response = await postWebhook(t.url, update, SECRET);
      expect(response.status).toBe(200);
      const answer = botApi.callsOf('answerPreCheckoutQuery').at(-1)!;
      expect(answer.body).toEqual({ pre_checkout_query_id: update.pre_checkout_query.id, ok: true });
    });

    it("S2 pre-checkout is refused for a wrong amount, an unknown payload and another user's purchase", async () => {
      const { telegramId, userId } = await player();
      const { telegramId: otherId } = await player();
      const invoice = await createInvoice(telegramId);
      const cases = [
        [
          preCheckoutUpdate({ fromId: telegramId, payload: invoice.purchase_id, amount: 142 }),
          PRE_CHECKOUT_REFUSALS.amount,
        ],
        [
          preCheckoutUpdate({ fromId: telegramId, payload: crypto.randomUUID(), amount: 143 }),
          PRE_CHECKOUT_REFUSALS.unknown,
        ],
        [
          preCheckoutUpdate({ fromId: telegramId, payload: 'TG-ORDER-1-2', amount: 143 }),
          PRE_CHECKOUT_REFUSALS.unknown,
        ],
        [
          preCheckoutUpdate({ fromId: otherId, payload: invoice.purchase_id, amount: 143 }),
          PRE_CHECKOUT_REFUSALS.otherUser,
        ],
      ] as const;
      for (const [update, message] of cases) {
        expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
        const answer = botApi.callsOf('answerPreCheckoutQuery').at(-1)!;
        expect(answer.body).toEqual({
          pre_checkout_query_id: update.pre_checkout_query.id,
          ok: false,
          error_message: message,
        });
      }
      await expectGems(userId, 0);
    });

    it('S3 successful_payment delivered 3 times concurrently credits once, marks paid and pushes the balance', async () => {
      const { telegramId, userId } = await player();
      const socket = await connectSocket(t.url, t.initData(telegramId), 'stars-client');
      sockets.push(socket);
      const first = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: telegramId });
      await first;
      const invoice = await createInvoice(telegramId);
      const chargeId = `stxCharge${randomBytes(8).toString('hex')}`;
      const pushed = socket.next('statusUpdated', (payload) => payload.gems === 150);
      const update = successfulPaymentUpdate({
        fromId: telegramId,
        payload: invoice.purchase_id,
        amount: 143,
        chargeId,
      });
      const responses = await Promise.all([1, 2, 3].map(() => postWebhook(t.url, update, SECRET)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      expect((await pushed).gems).toBe(150);
      await expectGems(userId, 150);
      const credits = await t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:telegram')));
      expect(credits).toHaveLength(1);
      expect(credits[0]).toMatchObject({ delta: 150, idempotencyKey: `stars:charge:${chargeId}` });
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row).toMatchObject({ status: 'paid', telegramPaymentChargeId: chargeId });
      // A fourth, later delivery changes nothing either.
      expect((await pay(telegramId, invoice.purchase_id, 143, chargeId)).status).toBe(200);
      await expectGems(userId, 150);
      // A paid purchase no longer passes pre-checkout.
      const again = preCheckoutUpdate({ fromId: telegramId, payload: invoice.purchase_id, amount: 143 });
      await postWebhook(t.url, again, SECRET);
      expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)!.body).toMatchObject({ ok: false });
    });

    it('S4 the webhook without or with a wrong secret is a 401 and credits nothing', async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const update = successfulPaymentUpdate({
        fromId: telegramId,
        payload: invoice.purchase_id,
        amount: 143,
        chargeId: `stxForged${randomBytes(6).toString('hex')}`,
      });
      expect((await postWebhook(t.url, update, null)).status).toBe(401);
      expect((await postWebhook(t.url, update, 'wrong-secret-0000000000')).status).toBe(401);
      await expectGems(userId, 0);
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row!.status).toBe('pending');
    });

    it("S3 the client's confirm calls report the server state and never credit", async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const early = await t.call(telegramId, 'POST', '/v1/diamond/telegram-stars-confirm', {
        purchaseId: invoice.purchase_id,
        success: true,
      });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ success: false, error: 'stars/payment-pending' });
      const byId = await t.call(telegramId, 'POST', `/v1/diamonds/purchases/${invoice.purchase_id}/confirm`, {
        telegram_user_id: telegramId,
        invoice_id: invoice.invoice_link,
        stars_amount: 143,
        payment_method: 'telegram_stars',
      });
      expect(byId.status).toBe(409);
      await expectGems(userId, 0);

      await pay(telegramId, invoice.purchase_id, 143, `stxConfirm${randomBytes(6).toString('hex')}`);
      const initiated = await t.call(telegramId, 'POST', '/v1/diamond/telegram-stars-purchase', {
        telegram_user_id: telegramId,
        packageId: 'sack-of-stars',
        telegramOrderId: invoice.order_id,
      });
      expect(initiated.status).toBe(200);
      expect(initiated.body.data._id).toBe(invoice.purchase_id);
      const confirmed = await t.call(telegramId, 'POST', '/v1/diamond/telegram-stars-confirm', {
        purchaseId: invoice.purchase_id,
        success: false,
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toMatchObject({ status: 'paid', diamonds_credited: 150 });
      await expectGems(userId, 150);
      // Another player cannot read it.
      const stranger = await t.call(
        telegramId + 5000,
        'GET',
        `/v1/diamonds/purchases/${invoice.purchase_id}`,
      );
      expect([404]).toContain(stranger.status);
    });

    it('S5 a refund calls refundStarPayment and debits once, even when asked twice at once', async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const chargeId = `stxRefund${randomBytes(6).toString('hex')}`;
      await pay(telegramId, invoice.purchase_id, 143, chargeId);
      await expectGems(userId, 150);
      const results = await Promise.all([t.stars.refund(chargeId), t.stars.refund(chargeId)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ code: 'stars/already-refunded' });
      await expectGems(userId, 0);
      const refunds = botApi
        .callsOf('refundStarPayment')
        .filter((call) => call.body.telegram_payment_charge_id === chargeId);
      expect(refunds.map((call) => call.body)).toEqual([
        { user_id: telegramId, telegram_payment_charge_id: chargeId },
      ]);
      const history = await t.call(telegramId, 'GET', `/v1/user/${telegramId}/transactions`);
      expect(
        history.body.data.transactions.map((entry: { type: string; amount: number }) => [
          entry.type,
          entry.amount,
        ]),
      ).toEqual([
        ['DIAMOND_REFUND', -150],
        ['DIAMOND_PURCHASE_STARS', 150],
      ]);
    });

    it('S5 D-STARS-5 a refund after the diamonds were spent is refused unless the shortfall is allowed', async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const chargeId = `stxSpent${randomBytes(6).toString('hex')}`;
      await pay(telegramId, invoice.purchase_id, 143, chargeId);
      const spend = await t.gateway.change(userId, (money) =>
        money.apply({
          userId,
          currency: 'gems',
          delta: -100,
          reason: 'test-spend',
          idempotencyKey: `spend:${chargeId}`,
        }),
      );
      expect(spend.ok).toBe(true);
      const calls = botApi.callsOf('refundStarPayment').length;
      const refused = await t.stars.refund(chargeId);
      expect(refused).toMatchObject({
        ok: false,
        code: 'stars/refund-shortfall',
        data: { holds: 50, needed: 150 },
      });
      expect(botApi.callsOf('refundStarPayment').length).toBe(calls);
      await expectGems(userId, 50);
      const forced = await t.stars.refund(chargeId, { allowShortfall: true });
      expect(forced).toMatchObject({ ok: true, value: { debited: 50, shortfall: 100 } });
      await expectGems(userId, 0);
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row).toMatchObject({ status: 'refunded', refundShortfall: 100 });
    });

    it('S5 a refund Telegram refuses changes nothing', async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const chargeId = `stxRefused${randomBytes(6).toString('hex')}`;
      await pay(telegramId, invoice.purchase_id, 143, chargeId);
      botApi.failNext('refundStarPayment', 400, 'Bad Request: CHARGE_NOT_FOUND');
      expect(await t.stars.refund(chargeId)).toMatchObject({ ok: false, code: 'stars/refund-failed' });
      await expectGems(userId, 150);
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, invoice.purchase_id));
      expect(row!.status).toBe('paid');
    });
  });

  describe('S10 payments that do not match their invoice', () => {
    const payWith = (
      fromId: number,
      purchaseId: string,
      options: { amount: number; chargeId: string; currency?: string },
    ) => postWebhook(t.url, successfulPaymentUpdate({ fromId, payload: purchaseId, ...options }), SECRET);
    const purchaseRow = async (id: string) =>
      (await t.database.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
    const rowOfCharge = async (chargeId: string) =>
      (
        await t.database.db.select().from(purchases).where(eq(purchases.telegramPaymentChargeId, chargeId))
      )[0];
    const starsCredits = (userId: string) =>
      t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:telegram')));

    it('S10 a successful_payment in another currency or for another amount credits nothing and records the anomaly on the purchase', async () => {
      const { telegramId, userId } = await player();
      const cases = [
        { currency: 'USD', amount: 143, reason: 'currency' },
        { currency: 'XTR', amount: 142, reason: 'amount' },
        { currency: 'XTR', amount: 1430, reason: 'amount' },
        { currency: 'XTR', amount: 143.5, reason: 'amount' },
        { currency: 'EUR', amount: 99, reason: 'currency, amount' },
      ];
      for (const { currency, amount, reason } of cases) {
        const invoice = await createInvoice(telegramId);
        const chargeId = `stxOdd${randomBytes(6).toString('hex')}`;
        const responses = await Promise.all(
          [1, 2].map(() => payWith(telegramId, invoice.purchase_id, { amount, currency, chargeId })),
        );
        expect(responses.map((response) => response.status)).toEqual([200, 200]);
        expect(await purchaseRow(invoice.purchase_id)).toMatchObject({
          status: 'anomaly',
          telegramPaymentChargeId: chargeId,
          paidAt: expect.any(Date),
          anomaly: { reason, currency, totalAmount: amount, expected: 143 },
        });
        const state = await t.call(telegramId, 'GET', `/v1/diamonds/purchases/${invoice.purchase_id}`);
        expect(state.body.data).toMatchObject({ status: 'anomaly', diamonds: 150, diamonds_credited: 0 });
        // The client's confirm reports it and credits nothing either.
        const confirm = await t.call(telegramId, 'POST', '/v1/diamond/telegram-stars-confirm', {
          purchaseId: invoice.purchase_id,
          success: true,
        });
        expect(confirm.body).toMatchObject({
          success: true,
          data: { status: 'anomaly', diamonds_credited: 0 },
        });
        // The invoice is no longer open for payment.
        const again = preCheckoutUpdate({ fromId: telegramId, payload: invoice.purchase_id, amount: 143 });
        await postWebhook(t.url, again, SECRET);
        expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)!.body).toMatchObject({
          ok: false,
          error_message: PRE_CHECKOUT_REFUSALS.notPending,
        });
      }
      await expectGems(userId, 0);
      expect(await starsCredits(userId)).toEqual([]);
      const history = await t.call(telegramId, 'GET', `/v1/user/${telegramId}/transactions`);
      expect(
        history.body.data.transactions.map(
          (entry: { amount: number; status: string; item_details: { price: number; currency: string } }) => [
            entry.amount,
            entry.status,
            entry.item_details.price,
            entry.item_details.currency,
          ],
        ),
      ).toEqual(cases.map(({ currency, amount }) => [0, 'not credited', amount, currency]).reverse());
    });

    it('S10 a second payment of a paid invoice that does not match is an anomaly of its own; the first stays credited', async () => {
      const { telegramId, userId } = await player();
      const invoice = await createInvoice(telegramId);
      const first = `stxFirst${randomBytes(6).toString('hex')}`;
      expect((await pay(telegramId, invoice.purchase_id, 143, first)).status).toBe(200);
      const second = `stxSecond${randomBytes(6).toString('hex')}`;
      expect((await payWith(telegramId, invoice.purchase_id, { amount: 1, chargeId: second })).status).toBe(
        200,
      );
      await expectGems(userId, 150);
      expect(await purchaseRow(invoice.purchase_id)).toMatchObject({
        status: 'paid',
        telegramPaymentChargeId: first,
      });
      expect(await rowOfCharge(second)).toMatchObject({
        userId,
        status: 'anomaly',
        orderRef: `${invoice.order_id}/${second}`,
        anomaly: { reason: 'amount', currency: 'XTR', totalAmount: 1, expected: 143 },
      });
      expect(await starsCredits(userId)).toHaveLength(1);
    });

    it("S10 a payment by a player other than the invoice's owner credits nobody and is recorded on the payer's account", async () => {
      const owner = await player();
      const payer = await player();
      const invoice = await createInvoice(owner.telegramId);
      const chargeId = `stxPayer${randomBytes(6).toString('hex')}`;
      expect((await pay(payer.telegramId, invoice.purchase_id, 143, chargeId)).status).toBe(200);
      await expectGems(owner.userId, 0);
      await expectGems(payer.userId, 0);
      expect(await purchaseRow(invoice.purchase_id)).toMatchObject({
        status: 'pending',
        telegramPaymentChargeId: null,
      });
      expect(await rowOfCharge(chargeId)).toMatchObject({
        userId: payer.userId,
        status: 'anomaly',
        anomaly: { reason: 'payer', currency: 'XTR', totalAmount: 143, expected: 143 },
      });
      // The refund goes to the player Telegram charged.
      expect(await t.stars.refund(chargeId)).toMatchObject({ ok: true, value: { debited: 0, shortfall: 0 } });
      expect(
        botApi
          .callsOf('refundStarPayment')
          .filter((call) => call.body.telegram_payment_charge_id === chargeId),
      ).toEqual([
        expect.objectContaining({
          body: { user_id: payer.telegramId, telegram_payment_charge_id: chargeId },
        }),
      ]);
    });

    it('S10 a Stars payment naming a TON order credits nothing and leaves the TON order open', async () => {
      const { telegramId, userId } = await player();
      const ton = await t.call(telegramId, 'POST', '/v1/diamonds/ton-order', { package_id: 'sack-of-stars' });
      const purchaseId = ton.body.data.purchase_id as string;
      const chargeId = `stxTon${randomBytes(6).toString('hex')}`;
      expect((await pay(telegramId, purchaseId, 143, chargeId)).status).toBe(200);
      await expectGems(userId, 0);
      expect(await purchaseRow(purchaseId)).toMatchObject({ status: 'pending', method: 'ton' });
      expect(await rowOfCharge(chargeId)).toMatchObject({
        userId,
        method: 'telegram_stars',
        status: 'anomaly',
        anomaly: { reason: 'method', currency: 'XTR', totalAmount: 143, expected: 0 },
      });
    });

    it('S11 the operator refunds an anomaly through refundStarPayment, takes no diamonds, and only once', async () => {
      const { telegramId, userId } = await player();
      // Diamonds from an honest purchase, which the anomaly's refund must leave alone.
      const honest = await createInvoice(telegramId);
      await pay(telegramId, honest.purchase_id, 143, `stxHonest${randomBytes(6).toString('hex')}`);
      const invoice = await createInvoice(telegramId);
      const chargeId = `stxOddRefund${randomBytes(6).toString('hex')}`;
      await payWith(telegramId, invoice.purchase_id, { amount: 143, currency: 'USD', chargeId });
      await expectGems(userId, 150);
      const results = await Promise.all([t.stars.refund(chargeId), t.stars.refund(chargeId)]);
      expect(results.filter((result) => result.ok)).toEqual([
        {
          ok: true,
          value: {
            purchase: expect.objectContaining({ status: 'refunded', diamonds_credited: 0 }),
            debited: 0,
            shortfall: 0,
            anomaly: { reason: 'currency', currency: 'USD', totalAmount: 143, expected: 143 },
          },
        },
      ]);
      expect(results.find((result) => !result.ok)).toMatchObject({ code: 'stars/already-refunded' });
      expect(await t.stars.refund(chargeId)).toMatchObject({ ok: false, code: 'stars/already-refunded' });
      await expectGems(userId, 150);
      expect(
        botApi
          .callsOf('refundStarPayment')
          .filter((call) => call.body.telegram_payment_charge_id === chargeId),
      ).toHaveLength(1);
      const refunds = await t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'stars:refund')));
      expect(refunds).toEqual([]);
      expect(await purchaseRow(invoice.purchase_id)).toMatchObject({
        status: 'refunded',
        refundedAt: expect.any(Date),
        refundShortfall: 0,
        anomaly: { reason: 'currency' },
      });
      const history = await t.call(telegramId, 'GET', `/v1/user/${telegramId}/transactions`);
      expect(
        history.body.data.transactions.map((entry: { type: string; amount: number; status: string }) => [
          entry.type,
          entry.amount,
          entry.status,
        ]),
      ).toEqual([
        ['DIAMOND_REFUND', 0, 'refunded'],
        ['DIAMOND_PURCHASE_STARS', 0, 'not credited'],
        ['DIAMOND_PURCHASE_STARS', 150, 'completed'],
      ]);
    });

    it('S10 a payment for an unknown purchase is answered 200, credits nothing, and is refunded by naming the payer', async () => {
      const { telegramId, userId } = await player();
      for (const payload of [crypto.randomUUID(), 'TG-ORDER-1-2', '']) {
        const chargeId = `stxUnknown${randomBytes(6).toString('hex')}`;
        expect((await payWith(telegramId, payload, { amount: 143, chargeId })).status).toBe(200);
        expect(await rowOfCharge(chargeId)).toBeUndefined();
        await expectGems(userId, 0);
        const refund = await t.stars.refundUnrecorded(telegramId, chargeId);
        expect(refund).toEqual({ ok: true, value: { telegramUserId: telegramId, chargeId } });
        expect(await t.stars.refundUnrecorded(telegramId, chargeId)).toMatchObject({
          ok: false,
          code: 'stars/already-refunded',
        });
        expect(await t.stars.refund(chargeId)).toMatchObject({ ok: false, code: 'stars/purchase-not-found' });
      }
      // A charge that is recorded is refunded with its purchase (and its diamonds), never around it.
      const invoice = await createInvoice(telegramId);
      const recorded = `stxRecorded${randomBytes(6).toString('hex')}`;
      await pay(telegramId, invoice.purchase_id, 143, recorded);
      const calls = botApi.callsOf('refundStarPayment').length;
      expect(await t.stars.refundUnrecorded(telegramId, recorded)).toMatchObject({
        ok: false,
        code: 'request/invalid',
      });
      expect(botApi.callsOf('refundStarPayment').length).toBe(calls);
      await expectGems(userId, 150);
    });

    it('S2 pre-checkout is refused in another currency', async () => {
      const { telegramId } = await player();
      const invoice = await createInvoice(telegramId);
      const update = preCheckoutUpdate({
        fromId: telegramId,
        payload: invoice.purchase_id,
        amount: 143,
        currency: 'USD',
      });
      await postWebhook(t.url, update, SECRET);
      expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)!.body).toEqual({
        pre_checkout_query_id: update.pre_checkout_query.id,
        ok: false,
        error_message: PRE_CHECKOUT_REFUSALS.amount,
      });
    });
  });

  describe('TON', () => {
    const order = async (telegramId: number, packageId = 'sack-of-stars') => {
      const response = await t.call(telegramId, 'POST', '/v1/diamonds/ton-order', { package_id: packageId });
      expect(response.status).toBe(200);
      return response.body.data as {
        order_id: string;
        purchase_id: string;
        address: string;
        amount_nano: string;
        payload: string;
      };
    };
    const submit = (telegramId: number, hash: string, packageId = 'sack-of-stars') =>
      t.call(telegramId, 'POST', '/v1/diamond/purchase', {
        packageId,
        transactionHash: hash,
        cryptoAmount: 0.72,
        telegram_user_id: telegramId,
      });

    it('S6 a TON order names the wallet, the price in nanotons and the comment as a cell', async () => {
      const { telegramId } = await player();
      const ton = await order(telegramId);
      expect(ton.order_id).toMatch(new RegExp(`^TON-ORDER-${telegramId}-\\d+$`));
      expect(ton.address).toBe(friendlyTonAddress(WALLET));
      expect(ton.amount_nano).toBe('720000000');
      const boc = Buffer.from(ton.payload, 'base64');
      expect(boc.subarray(0, 4).toString('hex')).toBe('b5ee9c72');
      expect(boc.subarray(boc.length - ton.order_id.length).toString('utf8')).toBe(ton.order_id);
    });

    it('S7 a valid transaction credits once; the same hash again is refused', async () => {
      const { telegramId, userId } = await player();
      const ton = await order(telegramId);
      const transfer = chain.add({ to: WALLET, value: 720_000_000n, comment: ton.order_id });
      const response = await submit(telegramId, transfer.hash);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, data: { diamonds_credited: 150 } });
      await expectGems(userId, 150);
      // The same transaction as base64 is the same hash.
      const again = await submit(telegramId, Buffer.from(transfer.hash, 'hex').toString('base64'));
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('stars/tx-already-used');
      await expectGems(userId, 150);
      const history = await t.call(telegramId, 'GET', `/v1/user/${telegramId}/transactions`);
      expect(history.body.data.transactions[0]).toMatchObject({
        type: 'DIAMOND_PURCHASE_TON',
        amount: 150,
        tx_hash: transfer.hash,
        item_details: { name: 'Sack of Stars', currency: 'TON', price: 0.72 },
      });
    });

    it('S7 the same hash submitted twice concurrently credits once', async () => {
      const { telegramId, userId } = await player();
      const ton = await order(telegramId);
      const transfer = chain.add({ to: WALLET, value: 800_000_000n, comment: ton.order_id });
      const responses = await Promise.all([
        submit(telegramId, transfer.hash),
        submit(telegramId, transfer.hash),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(responses.find((response) => response.status === 409)!.body.error).toBe('stars/tx-already-used');
      await expectGems(userId, 150);
    });

    it("S7 a hash another player submits with someone else's order comment credits nothing", async () => {
      const { telegramId } = await player();
      const { telegramId: thiefId, userId: thief } = await player();
      const ton = await order(telegramId);
      const transfer = chain.add({ to: WALLET, value: 720_000_000n, comment: ton.order_id });
      const response = await submit(thiefId, transfer.hash);
      expect(response.body.error).toBe('stars/tx-comment-missing');
      await expectGems(thief, 0);
    });

    it('S7 wrong address, too small, missing comment, unknown hash, not final and the chain down each credit nothing with their own code', async () => {
      const { telegramId, userId } = await player();
      const ton = await order(telegramId);
      const cases: Array<[string, () => string, number]> = [
        [
          'stars/tx-wrong-address',
          () => chain.add({ to: randomTonAddress(), value: NANO, comment: ton.order_id }).hash,
          400,
        ],
        [
          'stars/tx-amount-too-small',
          () => chain.add({ to: WALLET, value: 719_999_999n, comment: ton.order_id }).hash,
          400,
        ],
        ['stars/tx-comment-missing', () => chain.add({ to: WALLET, value: NANO, comment: null }).hash, 400],
        [
          'stars/tx-comment-missing',
          () => chain.add({ to: WALLET, value: NANO, comment: 'TON-ORDER-1-1' }).hash,
          400,
        ],
        ['stars/tx-not-found', () => randomBytes(32).toString('hex'), 404],
        [
          'stars/tx-not-final',
          () => chain.add({ to: WALLET, value: NANO, comment: ton.order_id, final: false }).hash,
          409,
        ],
        [
          'stars/tx-wrong-address',
          () => chain.add({ to: WALLET, from: null, value: NANO, comment: ton.order_id }).hash,
          400,
        ],
      ];
      for (const [code, hash, status] of cases) {
        const response = await submit(telegramId, hash());
        expect({ code: response.body.error, status: response.status }).toEqual({ code, status });
        expect(response.body.success).toBe(false);
      }
      // The chain API down: a clear error, nothing credited, and the same hash works later.
      const transfer = chain.add({ to: WALLET, value: NANO, comment: ton.order_id });
      chain.down = true;
      const down = await submit(telegramId, transfer.hash);
      expect(down.status).toBe(503);
      expect(down.body.error).toBe('stars/chain-unavailable');
      await expectGems(userId, 0);
      chain.down = false;
      const later = await submit(telegramId, transfer.hash);
      expect(later.status).toBe(200);
      await expectGems(userId, 150);
    });

    it('S7 after a TON Connect send the order is found on chain by its comment and credited once', async () => {
      const { telegramId, userId } = await player();
      const ton = await order(telegramId);
      const check = () => t.call(telegramId, 'POST', `/v1/diamonds/ton-order/${ton.purchase_id}/check`);
      const before = await check();
      expect(before.status).toBe(200);
      expect(before.body.data).toEqual({ status: 'pending', diamonds_credited: 0, tx_hash: null });
      chain.add({ to: randomTonAddress(), value: NANO, comment: ton.order_id });
      const transfer = chain.add({ to: WALLET, value: 720_000_000n, comment: ton.order_id });
      chain.add({ to: WALLET, value: NANO, comment: 'someone else' });
      const [first, second] = await Promise.all([check(), check()]);
      for (const response of [first, second]) {
        expect(response.body.data).toMatchObject({ status: 'paid', diamonds_credited: 150 });
      }
      await expectGems(userId, 150);
      const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, ton.purchase_id));
      expect(row).toMatchObject({ status: 'paid', txHash: transfer.hash });
      expect((await submit(telegramId, transfer.hash)).body.error).toBe('stars/tx-already-used');
      chain.down = true;
      const other = await order(telegramId);
      const down = await t.call(telegramId, 'POST', `/v1/diamonds/ton-order/${other.purchase_id}/check`);
      expect(down.body.error).toBe('stars/chain-unavailable');
      await expectGems(userId, 150);
    });

    it('S7 a hash shorter than 10 characters is refused with the spec text before any lookup', async () => {
      const { telegramId } = await player();
      const lookups = chain.lookups;
      const response = await submit(telegramId, '  abc  ');
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('Please enter a valid transaction hash.');
      expect(chain.lookups).toBe(lookups);
    });
  });

  it('S6 serves the TON Connect manifest', async () => {
    const response = await fetch(`${t.url}/tonconnect-manifest.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: t.url,
      name: 'Titans',
      iconUrl: `${t.url}/art/ui/logo-180.png`,
    });
  });

  describe('transactions', () => {
    it('S8 lists Stars deals newest first with the spec fields, only for the caller', async () => {
      const { telegramId, userId } = await player();
      const first = await createInvoice(telegramId, 'pouch-of-stars');
      await pay(telegramId, first.purchase_id, 50, `stxList1${randomBytes(4).toString('hex')}`);
      const second = await createInvoice(telegramId, 'sack-of-stars');
      await pay(telegramId, second.purchase_id, 143, `stxList2${randomBytes(4).toString('hex')}`);
      await createInvoice(telegramId, 'vault-of-stars'); // pending: not a transaction
      const response = await t.call(telegramId, 'GET', `/v1/user/${telegramId}/transactions`);
      expect(response.status).toBe(200);
      expect(response.body.code).toBe(200);
      const list = response.body.data.transactions;
      expect(list.map((entry: { _id: string }) => entry._id)).toEqual([
        second.purchase_id,
        first.purchase_id,
      ]);
      expect(list[0]).toMatchObject({
        type: 'DIAMOND_PURCHASE_STARS',
        amount: 150,
        timestamp: expect.any(String),
        tx_hash: expect.stringMatching(/^stxList2/),
        item_details: {
          name: 'Sack of Stars',
          image_url: '/art/packages/sack-of-stars.svg',
          price: 143,
          currency: 'XTR',
          item_type: 'diamonds',
          purchase_date: expect.any(String),
        },
      });
      await expectGems(userId, 200);
      const other = await t.call(telegramId, 'GET', `/v1/user/${telegramId + 1}/transactions`);
      expect(other.status).toBe(403);
    });
  });
});
