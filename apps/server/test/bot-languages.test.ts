import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { InitDataUser } from '../src/auth/init-data.ts';
import { characters } from '../src/db/schema.ts';
import { serverText } from '../src/i18n/server-texts.ts';
import {
  commandUpdate,
  type FakeBotApi,
  postWebhook,
  preCheckoutUpdate,
  startFakeBotApi,
} from './helpers/fake-bot-api.ts';
import { noonOffsetMinutes } from './helpers/reminder-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'languages-webhook-secret-abcdef';

describeEachDatabase('bot languages', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  let nextId = 81_000 + (kind === 'postgres' ? 500 : 0);

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await startTestApp(kind, {
      env: {
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        BOT_USERNAME: 'titans_test_bot',
        MINI_APP_NAME: 'play',
      },
    });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  const messagesTo = (chatId: number) =>
    botApi.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === chatId);

  /** The bot's last answer to `command` from a Telegram user whose app is set to `languageCode`. */
  const answer = async (command: string, languageCode?: string) => {
    const id = nextId++;
    expect((await postWebhook(t.url, commandUpdate(id, command, languageCode), SECRET)).status).toBe(200);
    const sent = messagesTo(id).at(-1)?.body;
    return { text: sent?.text, button: (sent?.reply_markup as any)?.inline_keyboard?.[0]?.[0]?.text };
  };

  /** A registered player with a hero who lets the bot write, at noon where they are. */
  const player = async (languageCode?: string) => {
    const id = nextId++;
    const user: InitDataUser = {
      id,
      first_name: `Lang${id}`,
      allows_write_to_pm: true,
      ...(languageCode ? { language_code: languageCode } : {}),
    };
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${t.url}${route}`, {
        method,
        headers: { authorization: `tma ${t.initData(user)}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const registered = await call('POST', '/v1/user/register', { telegram_user_id: id });
    const [hero] = await t.database.db.select().from(characters).limit(1);
    expect((await call('POST', `/v1/user/${id}/select-character`, { characterId: hero?.id })).status).toBe(
      200,
    );
    const saved = await call('PATCH', '/v1/reminders', {
      time_zone: 'Etc/Unknown-Zone',
      utc_offset_minutes: noonOffsetMinutes(),
    });
    expect(saved.status).toBe(200);
    return { id, userId: String(registered.body.data._id), call };
  };

  it("LG3 /start answers in the update's language: ru in Russian, fa in Persian, de in English", async () => {
    const russian = await answer('/start', 'ru');
    expect(russian.text).toBe(serverText('ru', 'start.welcome'));
    expect(russian.text).toMatch(/^Добро пожаловать в Titans!/);
    expect(russian.button).toBe('Играть в Titans');

    const persian = await answer('/start', 'fa');
    expect(persian.text).toBe(serverText('fa', 'start.welcome'));
    expect(persian.text).toMatch(/^به Titans خوش آمدید!/);
    expect(persian.button).toBe('شروع بازی Titans');

    for (const code of ['de', undefined]) {
      const english = await answer('/start', code);
      expect(english.text).toBe(
        'Welcome to Titans! Tap your hero to earn coins, battle other players in the Arena and climb the leaderboard.\n\n' +
          'Reminders from this bot (energy full, daily reward, friends, rematches) can be switched on or off in Profile → Reminders; /stop turns them all off.',
      );
      expect(english.button).toBe('Play Titans');
    }
  });

  it("LG3 /paysupport, /terms and /stop answer in the update's language", async () => {
    expect((await answer('/paysupport', 'es')).text).toMatch(/^¿Necesitas ayuda con una compra de Stars\?/);
    expect((await answer('/terms', 'uk')).text).toBe(serverText('uk', 'support.terms'));
    expect((await answer('/terms', 'pt-BR')).text).toMatch(/^Termos de compra do Titans\n1\. /);
    expect((await answer('/stop', 'tr')).text).toBe(serverText('tr', 'stop.unknown'));
    expect((await answer('/stop', 'id')).text).toMatch(/^Kamu belum punya akun Titans/);
  });

  it("LG3 a refused pre-checkout is explained in the payer's language", async () => {
    const before = botApi.callsOf('answerPreCheckoutQuery').length;
    const update = preCheckoutUpdate({
      fromId: nextId++,
      payload: randomUUID(),
      amount: 50,
      languageCode: 'pt-br',
    });
    expect((await postWebhook(t.url, update, SECRET)).status).toBe(200);
    expect(botApi.callsOf('answerPreCheckoutQuery')).toHaveLength(before + 1);
    expect(botApi.callsOf('answerPreCheckoutQuery').at(-1)?.body).toMatchObject({
      ok: false,
      error_message: 'Não encontramos este pedido. Comece a compra de novo pelo jogo.',
    });
  });

  it("LG6 a reminder is written in the account's chosen language, else its Telegram language", async () => {
    const rival = await player('en');
    const chooser = await player('en');
    expect((await chooser.call('PUT', `/v1/user/${chooser.id}/language`, { language: 'es' })).status).toBe(
      200,
    );
    await t.reminders.service.rematch(randomUUID(), rival.userId, chooser.userId);
    await vi.waitFor(() => expect(messagesTo(chooser.id)).toHaveLength(1), { timeout: 10_000 });
    expect(messagesTo(chooser.id)[0]?.body).toMatchObject({
      text: `⚔️ ¡Lang${rival.id} quiere la revancha! Te espera en la Arena.`,
      reply_markup: {
        inline_keyboard: [
          [{ text: 'Jugar a Titans', url: 'https://t.me/titans_test_bot/play?startapp=go_arena' }],
        ],
      },
    });

    const ukrainian = await player('uk');
    await t.reminders.service.rematch(randomUUID(), rival.userId, ukrainian.userId);
    await vi.waitFor(() => expect(messagesTo(ukrainian.id)).toHaveLength(1), { timeout: 10_000 });
    expect(messagesTo(ukrainian.id)[0]?.body.text).toBe(
      `⚔️ Lang${rival.id} хоче реваншу! Зустріньтеся на Арені.`,
    );
  });

  it("LG5 a Stars invoice is titled and described in the player's language", async () => {
    const russian = await player('ru');
    const english = await player('de');
    for (const [someone, title, description] of [
      [russian, 'Мешочек Stars', 'Небольшой мешочек Stars: хватит на один-два бустера.'],
      [english, 'Pouch of Stars', 'A small pouch of Stars: enough for a booster or two.'],
    ] as const) {
      const invoice = await someone.call('POST', '/v1/diamonds/create-invoice', {
        telegram_user_id: someone.id,
        package_id: 'pouch-of-stars',
      });
      expect(invoice.status).toBe(200);
      const created = botApi
        .callsOf('createInvoiceLink')
        .find((call) => call.body.payload === invoice.body.data.purchase_id);
      expect(created?.body).toMatchObject({
        title,
        description,
        currency: 'XTR',
        prices: [{ label: title, amount: 50 }],
      });
    }
  });
});
