import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { registerWebhook } from '../src/bot/register-webhook.ts';
import { purchases } from '../src/db/schema.ts';
import { serverText } from '../src/i18n/server-texts.ts';
import { PRE_CHECKOUT_REFUSALS } from '../src/stars/stars-service.ts';
import {
  commandUpdate,
  type FakeBotApi,
  postWebhook,
  preCheckoutUpdate,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import { captureLog } from './helpers/log-capture.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'bot-webhook-secret-abcdefghijkl';

describeEachDatabase('stars bot', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  const log = captureLog();

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
      logger: log.logger,
      env: {
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL: 'https://titans.example',
        BOT_USERNAME: 'titans_test_bot',
        MINI_APP_NAME: 'play',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  it('S9 on start the webhook is registered with the secret and the updates the bot handles', async () => {
    expect(await registerWebhook(t.bot!, t.config, t.app.log)).toBe(true);
    expect(botApi.callsOf('setWebhook').at(-1)!.body).toEqual({
      url: 'https://titans.example/telegram/webhook',
      secret_token: SECRET,
      allowed_updates: ['message', 'pre_checkout_query'],
    });
  });

  it('S9 /start answers with a button opening the Mini App with the start parameter passed through', async () => {
    const response = await postWebhook(t.url, commandUpdate(41_001, '/start buddies_ABC123'), SECRET);
    expect(response.status).toBe(200);
    const sent = botApi.callsOf('sendMessage').at(-1)!.body;
    expect(sent).toMatchObject({
      chat_id: 41_001,
      text: serverText('en', 'start.welcome'),
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Play Titans', url: 'https://t.me/titans_test_bot/play?startapp=buddies_ABC123' }],
        ],
      },
    });
    await postWebhook(t.url, commandUpdate(41_001, '/start'), SECRET);
    expect(botApi.callsOf('sendMessage').at(-1)!.body).toMatchObject({
      reply_markup: { inline_keyboard: [[{ url: 'https://t.me/titans_test_bot/play' }]] },
    });
  });

  it('S9 /paysupport and /terms answer, as Telegram requires of bots selling digital goods', async () => {
    await postWebhook(t.url, commandUpdate(41_002, '/paysupport'), SECRET);
    expect(botApi.callsOf('sendMessage').at(-1)!.body).toMatchObject({
      chat_id: 41_002,
      text: serverText('en', 'support.pay-support'),
    });
    await postWebhook(t.url, commandUpdate(41_002, '/terms'), SECRET);
    expect(botApi.callsOf('sendMessage').at(-1)!.body).toMatchObject({
      chat_id: 41_002,
      text: serverText('en', 'support.terms'),
    });
  });

  it('S4 an update without the secret is refused with 401 and the bot does nothing', async () => {
    const calls = botApi.calls.length;
    expect((await postWebhook(t.url, commandUpdate(41_003, '/terms'), null)).status).toBe(401);
    expect(botApi.calls.length).toBe(calls);
  });

  it('S3 a payment that cannot be recorded answers an error so Telegram delivers it again', async () => {
    const telegramId = 41_004;
    await readyPlayer(t, telegramId);
    const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: telegramId,
      package_id: 'pouch-of-stars',
    });
    const update = successfulPaymentUpdate({
      fromId: telegramId,
      payload: invoice.body.data.purchase_id,
      amount: 50,
      chargeId: `stxRetry${randomBytes(6).toString('hex')}`,
    });
    const failing = vi
      .spyOn(t.stars, 'recordPayment')
      .mockRejectedValueOnce(new Error('database unavailable'));
    try {
      expect((await postWebhook(t.url, update, SECRET)).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
    const me = await t.call(telegramId, 'GET', `/v1/user/${telegramId}`);
    expect(me.body.data.gems).toBe(50);
  });
  it('S11 a malformed update carrying the secret is answered 200 and logged; it changes nothing and is not delivered again', async () => {
    const telegramId = 41_005;
    await readyPlayer(t, telegramId);
    const invoice = await t.call(telegramId, 'POST', '/v1/diamonds/create-invoice', {
      telegram_user_id: telegramId,
      package_id: 'pouch-of-stars',
    });
    const purchaseId = invoice.body.data.purchase_id as string;
    const chargeId = `stxBroken${randomBytes(6).toString('hex')}`;
    const good = successfulPaymentUpdate({ fromId: telegramId, payload: purchaseId, amount: 50, chargeId });
    const paid = good.message.successful_payment;
    const withPayment = (payment: Record<string, unknown>) => ({
      ...good,
      message: { ...good.message, successful_payment: payment },
    });
    const { from: _from, ...anonymous } = good.message;
    const { currency: _currency, ...noCurrency } = preCheckoutUpdate({
      fromId: telegramId,
      payload: purchaseId,
      amount: 50,
    }).pre_checkout_query;
    const broken: Array<[string, unknown]> = [
      ['null', null],
      ['a number', 42],
      ['an array', [good]],
      ['no update_id', { message: good.message }],
      ['a text update_id', { ...good, update_id: 'one' }],
      ['a message that is not an object', { update_id: 7, message: 'hello' }],
      ['an empty successful_payment', withPayment({})],
      ['a text total_amount', withPayment({ ...paid, total_amount: '50' })],
      ['no charge id', withPayment({ ...paid, telegram_payment_charge_id: undefined })],
      ['an empty charge id', withPayment({ ...paid, telegram_payment_charge_id: '' })],
      ['a numeric payload', withPayment({ ...paid, invoice_payload: 12 })],
      ['no sender', { ...good, message: anonymous }],
      ['an empty pre_checkout_query', { update_id: 8, pre_checkout_query: {} }],
    ];
    for (const [name, body] of broken) {
      const from = log.lines.length;
      const response = await postWebhook(t.url, body, SECRET);
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
      const logged = log.lines
        .slice(from)
        .filter((line) => line.level >= 50 && /malformed/.test(line.msg ?? ''));
      expect({ name, logged: logged.length }).toEqual({ name, logged: 1 });
    }
    // Not JSON at all.
    const garbage = await fetch(`${t.url}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: '{"update_id": 9, "message": {',
    });
    expect(garbage.status).toBe(200);
    // Without the secret the same bodies are still refused.
    expect((await postWebhook(t.url, null, null)).status).toBe(401);
    expect((await postWebhook(t.url, withPayment({}), 'wrong-secret-0000000000')).status).toBe(401);

    // A pre_checkout_query missing a field is refused in Telegram's sheet.
    const partial = { update_id: 10, pre_checkout_query: noCurrency };
    expect((await postWebhook(t.url, partial, SECRET)).status).toBe(200);
    expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)!.body).toEqual({
      pre_checkout_query_id: noCurrency.id,
      ok: false,
      error_message: PRE_CHECKOUT_REFUSALS.unknown,
    });

    let me = await t.call(telegramId, 'GET', `/v1/user/${telegramId}`);
    expect(me.body.data.gems).toBe(0);
    const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(row).toMatchObject({ status: 'pending', telegramPaymentChargeId: null });
    // The well-formed update still credits.
    expect((await postWebhook(t.url, good, SECRET)).status).toBe(200);
    me = await t.call(telegramId, 'GET', `/v1/user/${telegramId}`);
    expect(me.body.data.gems).toBe(50);
  });

  it('S11 a well-formed payment for an unknown purchase is answered 200 and logged with the refund command', async () => {
    const telegramId = 41_006;
    await readyPlayer(t, telegramId);
    const chargeId = `stxNobody${randomBytes(6).toString('hex')}`;
    const from = log.lines.length;
    const update = successfulPaymentUpdate({
      fromId: telegramId,
      payload: crypto.randomUUID(),
      amount: 50,
      chargeId,
    });
    expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
    const logged = log.lines.slice(from).filter((line) => line.level >= 50);
    expect(logged.map((line) => line.msg)).toEqual([
      expect.stringContaining(`npm run refund -- ${chargeId} --user ${telegramId}`),
    ]);
  });
});
