import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { openDatabase } from '../src/db/database.ts';
import { type FakeBotApi, startFakeBotApi } from './helpers/fake-bot-api.ts';
import { seedPgliteDataDir } from './helpers/pglite-template.ts';
import { noonOffsetMinutes } from './helpers/reminder-helpers.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { connectSocket } from './helpers/socket-client.ts';
import { createPostgresDatabase, databaseKinds, TEST_BOT_TOKEN } from './helpers/test-app.ts';

const SECRET = 'reminders-crash-secret-abcdefgh';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A busy machine (other suites, browsers) can take minutes to start a server: not what is tested here. */
const STARTUP = { healthTimeoutMs: 180_000 };

/** A player's REST call as the Mini App makes it; `allow`: Telegram's allows_write_to_pm. */
async function call(
  url: string,
  id: number,
  method: string,
  route: string,
  body?: unknown,
  startParam?: string,
) {
  const user = { id, first_name: `Crash${id}`, allows_write_to_pm: true };
  const initData = signInitData(user, TEST_BOT_TOKEN, startParam ? { startParam } : {});
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: `tma ${initData}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed: any = await response.json();
  expect(response.status, JSON.stringify(parsed)).toBeLessThan(300);
  return parsed.data;
}

/** Registers a player with a hero who allows reminders at noon local time; answers their account. */
async function readyPlayer(url: string, id: number, startParam?: string) {
  const account = await call(url, id, 'POST', '/v1/user/register', { telegram_user_id: id }, startParam);
  const heroes = await call(url, id, 'GET', '/v1/characters?is_free=true&limit=10');
  await call(url, id, 'POST', `/v1/user/${id}/select-character`, { characterId: heroes.characters[0]._id });
  await call(url, id, 'PATCH', '/v1/reminders', { utc_offset_minutes: noonOffsetMinutes() });
  return { id: String(account._id), code: String(account.referral_code) };
}

const OUTBOX_ROW = `INSERT INTO reminder_outbox (user_id, chat_id, kind, occurrence_key, due_at)
  VALUES ($1, $2, 'daily_ready', $3, $4::timestamptz)`;

describe('bot reminders across kill -9 and processes', () => {
  let botApi: FakeBotApi;
  beforeAll(async () => {
    botApi = await startFakeBotApi();
  });
  afterAll(async () => botApi?.close());

  const sentTo = (chatId: number) =>
    botApi.callsOf('sendMessage').filter((entry) => Number(entry.body.chat_id) === chatId).length;

  it.each(databaseKinds())(
    'BR8 a reminder due while its sender is killed -9 is sent once after restart (%s)',
    async (kind) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-remind-crash-'));
      const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
      if (!postgres) await seedPgliteDataDir(dataDir);
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: postgres?.url ?? '',
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      };
      const chatId = 70_000 + Math.floor(Math.random() * 20_000) * 10 + (postgres ? 1 : 0);
      let server: ServerProcess | null = await startServerProcess(env, STARTUP);
      try {
        const player = await readyPlayer(server.url, chatId);
        const key = `daily:${player.id}:crash`;
        if (postgres) {
          // Queued while the sender runs, due a moment later; the sender dies before that.
          const client = new pg.Client({ connectionString: postgres.url });
          await client.connect();
          await client.query(OUTBOX_ROW, [
            player.id,
            chatId,
            key,
            new Date(Date.now() + 1_500).toISOString(),
          ]);
          await client.end();
          await server.crash();
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        } else {
          // PGlite is one process's: the row is written while the killed server is down.
          await server.crash();
          const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
          await database.query(OUTBOX_ROW, [
            player.id,
            chatId,
            key,
            new Date(Date.now() - 1_000).toISOString(),
          ]);
          await database.close();
        }
        server = null;
        expect(sentTo(chatId)).toBe(0);
        server = await startServerProcess(env, STARTUP);
        await vi.waitFor(() => expect(sentTo(chatId)).toBe(1), { timeout: 20_000, interval: 100 });
        // Once: nothing more arrives while the new sender keeps polling.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(sentTo(chatId)).toBe(1);
      } finally {
        await server?.stop();
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    600_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'BR12 inviter and friend on different processes: the inviter gets exactly one message',
    async () => {
      const postgres = await createPostgresDatabase();
      const env = {
        DATABASE_URL: postgres.url,
        REDIS_URL,
        CLUSTER_KEY_PREFIX: `rm${randomBytes(3).toString('hex')}:`,
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      };
      const servers: ServerProcess[] = [];
      try {
        servers.push(await startServerProcess(env, STARTUP), await startServerProcess(env, STARTUP));
        const [a, b] = servers;
        if (!a || !b) throw new Error('two processes');
        const inviterChat = 90_000 + Math.floor(Math.random() * 5_000) * 2;
        const inviter = await readyPlayer(a.url, inviterChat);
        // The friend registers and chooses a hero on the other process; both processes send.
        await readyPlayer(b.url, inviterChat + 1, `buddies_${inviter.code}`);
        await vi.waitFor(() => expect(sentTo(inviterChat)).toBe(1), { timeout: 20_000, interval: 100 });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(sentTo(inviterChat)).toBe(1);
      } finally {
        for (const server of servers) await server.stop();
        await postgres.drop();
      }
    },
    600_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    'BR10 a socket closing on a process that does not own the player\'s taps queues "energy full" too',
    async () => {
      const postgres = await createPostgresDatabase();
      const env = {
        DATABASE_URL: postgres.url,
        REDIS_URL,
        CLUSTER_KEY_PREFIX: `re${randomBytes(3).toString('hex')}:`,
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_API_ROOT: botApi.url,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      };
      const servers: ServerProcess[] = [];
      const client = new pg.Client({ connectionString: postgres.url });
      const sockets: Array<{ close(): void }> = [];
      try {
        servers.push(await startServerProcess(env, STARTUP), await startServerProcess(env, STARTUP));
        const [owner, watcher] = servers;
        if (!owner || !watcher) throw new Error('two processes');
        const chatId = 95_000 + Math.floor(Math.random() * 4_000);
        const player = await readyPlayer(owner.url, chatId);
        await client.connect();
        await client.query('UPDATE users SET energy = 0, energy_updated_at = now() WHERE id = $1', [
          player.id,
        ]);
        const initData = signInitData({ id: chatId, first_name: `Crash${chatId}` }, TEST_BOT_TOKEN);
        // The first process loads the player and owns their taps; the second only watches them.
        const onOwner = await connectSocket(owner.url, initData, 'owner-device');
        sockets.push(onOwner);
        const owned = onOwner.next('statusUpdated');
        onOwner.emit('initUser', { telegram_user_id: chatId });
        const status = await owned;
        const onWatcher = await connectSocket(watcher.url, initData, 'watcher-device');
        sockets.push(onWatcher);
        const watching = onWatcher.next('statusUpdated');
        onWatcher.emit('initUser', { telegram_user_id: chatId });
        await watching;
        const queued = () =>
          client.query<{ due_at: Date }>(
            "SELECT due_at FROM reminder_outbox WHERE user_id = $1 AND kind = 'energy_full' AND status = 'pending'",
            [player.id],
          );
        expect((await queued()).rows).toHaveLength(0);
        onWatcher.close();
        await vi.waitFor(
          async () => {
            const [row] = (await queued()).rows;
            const expected = Date.now() + (status.max_energy / 3) * 1000;
            expect(Math.abs(new Date(row?.due_at ?? 0).getTime() - expected)).toBeLessThan(120_000);
          },
          { timeout: 20_000, interval: 100 },
        );
      } finally {
        for (const socket of sockets) socket.close();
        await client.end().catch(() => undefined);
        for (const server of servers) await server.stop();
        await postgres.drop();
      }
    },
    600_000,
  );
});
