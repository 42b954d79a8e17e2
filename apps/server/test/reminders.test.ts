import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { characters } from '../src/db/schema.ts';
import { serverText } from '../src/i18n/server-texts.ts';
import { commandUpdate, type FakeBotApi, postWebhook, startFakeBotApi } from './helpers/fake-bot-api.ts';
import { noonOffsetMinutes } from './helpers/reminder-helpers.ts';
import { connectSocket } from './helpers/socket-client.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'reminders-webhook-secret-abcdef';

describeEachDatabase('bot reminders', (kind) => {
  let t: TestApp;
  let botApi: FakeBotApi;
  let nextId = 61_000 + (kind === 'postgres' ? 500 : 0);

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

  /** Registers a player with a hero; `allow`: they let the bot write and it is noon where they are. */
  const player = async (options: { allow?: boolean; startParam?: string } = {}) => {
    const id = nextId++;
    const user = {
      id,
      first_name: `Rem${id}`,
      username: `rem${id}`,
      allows_write_to_pm: options.allow === true,
    };
    const call = async (method: string, route: string, payload?: unknown) => {
      const initData = t.initData(user, options.startParam ? { startParam: options.startParam } : {});
      const response = await fetch(`${t.url}${route}`, {
        method,
        headers: { authorization: `tma ${initData}`, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body: any = await response.json();
      return { status: response.status, body };
    };
    const registered = await call('POST', '/v1/user/register', { telegram_user_id: id });
    const [hero] = await t.database.db.select().from(characters).limit(1);
    expect((await call('POST', `/v1/user/${id}/select-character`, { characterId: hero?.id })).status).toBe(
      200,
    );
    if (options.allow) {
      const saved = await call('PATCH', '/v1/reminders', {
        time_zone: 'Etc/Unknown-Zone',
        utc_offset_minutes: noonOffsetMinutes(),
      });
      expect(saved.status).toBe(200);
    }
    return {
      id,
      userId: String(registered.body.data._id),
      code: String(registered.body.data.referral_code),
      call,
    };
  };

  it('BR2 settings: the signed allows_write_to_pm grants permission; switches are saved; bad bodies change nothing', async () => {
    const shy = await player();
    expect((await shy.call('GET', '/v1/reminders')).body.data).toMatchObject({
      allowed: false,
      enabled: true,
    });
    const allowed = await player({ allow: true });
    const view = await allowed.call('GET', '/v1/reminders');
    expect(view.body.data).toMatchObject({
      allowed: true,
      enabled: true,
      kinds: { energy_full: true, daily_ready: true, friend_joined: true, rematch: true },
      unreachable: false,
      utc_offset_minutes: noonOffsetMinutes(),
    });
    const muted = await allowed.call('PATCH', '/v1/reminders', { kinds: { rematch: false } });
    expect(muted.body.data.kinds).toEqual({
      energy_full: true,
      daily_ready: true,
      friend_joined: true,
      rematch: false,
    });
    for (const bad of [
      { kinds: { rematch: 'no' } },
      { allowed: false },
      { time_zone: 'x y' },
      { extra: 1 },
    ]) {
      expect((await allowed.call('PATCH', '/v1/reminders', bad)).status).toBe(400);
    }
    expect((await allowed.call('GET', '/v1/reminders')).body.data.kinds.rematch).toBe(false);
  });

  it('BR12 a friend joining through the link sends the inviter exactly one message, with the hero and a button', async () => {
    const inviter = await player({ allow: true });
    const friend = await player({ startParam: `buddies_${inviter.code}` });
    await vi.waitFor(() => expect(messagesTo(inviter.id)).toHaveLength(1), { timeout: 10_000 });
    const [message] = messagesTo(inviter.id);
    const [hero] = await t.database.db.select().from(characters).limit(1);
    expect(message?.body.text).toContain(
      `Rem${friend.id} joined Titans through your link and chose ${hero?.name}`,
    );
    expect(message?.body.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Play Titans', url: 'https://t.me/titans_test_bot/play?startapp=go_friends' }],
      ],
    });
    // The payout cannot run twice, and its reminder is one occurrence (BR5).
    await t.referrals.rewardIfDue(friend.userId);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(messagesTo(inviter.id)).toHaveLength(1);
  });

  it('BR2 a player who did not allow messages gets none', async () => {
    const inviter = await player();
    await player({ startParam: `buddies_${inviter.code}` });
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reminder_outbox WHERE user_id = $1',
      [inviter.userId],
    );
    expect(row?.n).toBe(0);
  });

  it('BR9 a 429 with retry_after delays the message by that long, then sends it', async () => {
    const rival = await player({ allow: true });
    const fighter = await player();
    botApi.failNext('sendMessage', 429, 'Too Many Requests: retry after 1', { retry_after: 1 });
    const before = botApi.callsOf('sendMessage').length;
    const queuedAt = Date.now();
    await t.reminders.service.rematch(randomUUID(), fighter.userId, rival.userId);
    await vi.waitFor(() => expect(messagesTo(rival.id)).toHaveLength(2), { timeout: 10_000 });
    const [refused, sent] = messagesTo(rival.id);
    expect(refused?.body.text).toBe(sent?.body.text);
    expect(botApi.callsOf('sendMessage').length).toBeGreaterThan(before);
    // The mark follows Telegram's answer: wait for it.
    await vi.waitFor(async () => {
      const [row] = await t.database.query<{ status: string; sent_at: Date }>(
        'SELECT status, sent_at FROM reminder_outbox WHERE user_id = $1',
        [rival.userId],
      );
      expect(row?.status).toBe('sent');
      expect(new Date(row?.sent_at ?? 0).getTime() - queuedAt).toBeGreaterThanOrEqual(1_000);
    });
  });

  it('BR7 a 403 marks the player unreachable and stops their reminders', async () => {
    const blocker = await player({ allow: true });
    const other = await player();
    botApi.failNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    await t.reminders.service.rematch(randomUUID(), other.userId, blocker.userId);
    await vi.waitFor(
      async () => expect((await blocker.call('GET', '/v1/reminders')).body.data.unreachable).toBe(true),
      {
        timeout: 10_000,
      },
    );
    expect(await t.reminders.service.rematch(randomUUID(), other.userId, blocker.userId)).toBe(false);
    expect(messagesTo(blocker.id)).toHaveLength(1);
    // Talking to the bot again (/start) lets it write again.
    await postWebhook(t.url, commandUpdate(blocker.id, '/start'), SECRET);
    expect((await blocker.call('GET', '/v1/reminders')).body.data.unreachable).toBe(false);
  });

  it('BR6 /stop turns every reminder off and drops the queued ones; /start says how to turn them on', async () => {
    const stopper = await player({ allow: true });
    const other = await player();
    await t.database.query(
      `INSERT INTO reminder_outbox (user_id, chat_id, kind, occurrence_key, due_at)
       VALUES ($1, $2, 'daily_ready', $3, now() + interval '1 hour')`,
      [stopper.userId, stopper.id, `daily:${stopper.userId}:test`],
    );
    await postWebhook(t.url, commandUpdate(stopper.id, '/stop'), SECRET);
    expect(messagesTo(stopper.id).at(-1)?.body.text).toBe(serverText('en', 'stop.done'));
    expect((await stopper.call('GET', '/v1/reminders')).body.data.enabled).toBe(false);
    const [row] = await t.database.query<{ status: string }>(
      'SELECT status FROM reminder_outbox WHERE user_id = $1',
      [stopper.userId],
    );
    expect(row?.status).toBe('cancelled');
    expect(await t.reminders.service.rematch(randomUUID(), other.userId, stopper.userId)).toBe(false);
    await postWebhook(t.url, commandUpdate(stopper.id, '/start'), SECRET);
    expect(serverText('en', 'start.welcome')).toContain('Profile → Reminders');
    expect(messagesTo(stopper.id).at(-1)?.body.text).toBe(serverText('en', 'start.welcome'));
  });

  it('BR13 offerRematch after a finished PvP battle queues the opponent one message opening the Arena', async () => {
    const rival = await player({ allow: true });
    const fighter = await player();
    const battleId = randomUUID();
    await t.database.query(
      `INSERT INTO battles (id, mode, player1_id, player2_id, player1_character_id, player2_character_id, status)
       SELECT $1, 'pvp', $2, $3, c.id, c.id, 'finished' FROM characters c LIMIT 1`,
      [battleId, fighter.userId, rival.userId],
    );
    const socket = await connectSocket(t.url, t.initData(fighter.id), 'rematch-fighter');
    try {
      const ready = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: fighter.id });
      await ready;
      socket.emit('offerRematch', { battle_id: battleId });
      socket.emit('offerRematch', { battle_id: battleId });
      const refused = socket.next('error');
      socket.emit('offerRematch', { battle_id: randomUUID() });
      expect((await refused).code).toBe('request/invalid');
      await vi.waitFor(() => expect(messagesTo(rival.id)).toHaveLength(1), { timeout: 10_000 });
      expect(messagesTo(rival.id)[0]?.body).toMatchObject({
        text: `⚔️ Rem${fighter.id} wants a rematch! Meet them in the Arena.`,
        reply_markup: { inline_keyboard: [[{ url: 'https://t.me/titans_test_bot/play?startapp=go_arena' }]] },
      });
    } finally {
      socket.close();
    }
  });

  it('BR11 a daily claim queues "reward ready" for the next UTC day, once', async () => {
    const claimer = await player({ allow: true });
    const claimed = await claimer.call('POST', '/v1/reward/claim/day-1', { user_id: String(claimer.id) });
    expect(claimed.status).toBe(200);
    const rows = await t.database.query<{ kind: string; due_at: Date; occurrence_key: string }>(
      'SELECT kind, due_at, occurrence_key FROM reminder_outbox WHERE user_id = $1',
      [claimer.userId],
    );
    const tomorrow = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000);
    expect(rows).toEqual([
      {
        kind: 'daily_ready',
        due_at: tomorrow,
        occurrence_key: `daily:${claimer.userId}:${tomorrow.toISOString().slice(0, 10)}`,
      },
    ]);
  });

  it('BR10 the last socket closing with energy far from full queues "energy full" for when it is', async () => {
    const tapper = await player({ allow: true });
    await t.gateway.change(tapper.userId, (money) => money.setEnergy(tapper.userId, 0));
    const socket = await connectSocket(t.url, t.initData(tapper.id), 'energy-tapper');
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: tapper.id });
    const status = await ready;
    socket.close();
    await vi.waitFor(async () => {
      const [row] = await t.database.query<{ due_at: Date }>(
        "SELECT due_at FROM reminder_outbox WHERE user_id = $1 AND kind = 'energy_full' AND status = 'pending'",
        [tapper.userId],
      );
      const expected = Date.now() + (status.max_energy / 3) * 1000;
      expect(Math.abs(new Date(row?.due_at ?? 0).getTime() - expected)).toBeLessThan(120_000);
    });
  });
});
