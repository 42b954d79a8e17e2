import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerWebhook } from '../src/bot/register-webhook.ts';
import { WELCOME_TEXT } from '../src/bot/start-feature.ts';
import { PAY_SUPPORT_TEXT, TERMS_TEXT } from '../src/bot/support-feature.ts';
import {
  commandUpdate,
  type FakeBotApi,
  postWebhook,
  startFakeBotApi,
  successfulPaymentUpdate,
} from './helpers/fake-bot-api.ts';
import { describeEachDatabase, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'bot-webhook-secret-abcdefghijkl';

describeEachDatabase('stars bot', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
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
      text: WELCOME_TEXT,
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
      text: PAY_SUPPORT_TEXT,
    });
    await postWebhook(t.url, commandUpdate(41_002, '/terms'), SECRET);
    expect(botApi.callsOf('sendMessage').at(-1)!.body).toMatchObject({ chat_id: 41_002, text: TERMS_TEXT });
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
    const original = t.stars.recordPayment;
    t.stars.recordPayment = async () => {
      throw new Error('database unavailable');
    };
    try {
      expect((await postWebhook(t.url, update, SECRET)).status).toBe(500);
    } finally {
      t.stars.recordPayment = original;
    }
    expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
    const me = await t.call(telegramId, 'GET', `/v1/user/${telegramId}`);
    expect(me.body.data.gems).toBe(50);
  });
});
