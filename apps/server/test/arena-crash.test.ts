import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { battles, ledger, users } from '../src/db/schema.ts';
import { startServerProcess } from './helpers/server-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  createPostgresDatabase,
  databaseKinds,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  TEST_BOT_TOKEN,
} from './helpers/test-app.ts';

const TELEGRAM_ID = 77_001;

async function announce(url: string): Promise<TestSocket> {
  const socket = await connectSocket(
    url,
    signInitData({ id: TELEGRAM_ID, first_name: 'Crash' }, TEST_BOT_TOKEN),
  );
  const status = socket.next('statusUpdated', undefined, 15_000);
  socket.emit('initUser', { telegram_user_id: String(TELEGRAM_ID) });
  await status;
  return socket;
}

function findMatch(socket: TestSocket, characterId: string) {
  const started = socket.next('battleStarted', undefined, 15_000);
  socket.emit('findMatch', {
    telegram_user_id: String(TELEGRAM_ID),
    battle_type: 'pve',
    difficulty: 'easy',
    energy_to_spend: 10,
    selected_character_id: characterId,
    equipped_items: [],
  });
  return started;
}

describe('arena: kill -9 mid-battle', () => {
  for (const kind of databaseKinds()) {
    it(`F30 [${kind}] a finished battle stays paid once, the one cut by the crash is voided with its stake returned once, and the player can fight again`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-arena-crash-'));
      const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
      const options = { dataDir, databaseUrl: postgres?.url };
      try {
        // Set up the player in-process, then hand the data to the real server process.
        let t = await startTestApp(kind, options);
        const userId = await readyPlayer(t, TELEGRAM_ID);
        await grantCoins(t, userId, 20_000);
        const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
        const characterId = row!.selectedCharacterId!;
        await t.close();

        const env = {
          DATA_DIR: dataDir,
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          DATABASE_URL: postgres?.url ?? '',
          // Short battles through configuration only: no intro, a 2 s time limit.
          BATTLE_INTRO_MS: '0',
          BATTLE_BOT_SETUP_MS: '0',
          BATTLE_TIME_LIMIT_MS: '2000',
        };
        let server = await startServerProcess(env);
        let socket = await announce(server.url);
        const first = await findMatch(socket, characterId);
        const firstResult = await socket.next('battleCompleted', undefined, 15_000);
        expect(firstResult).toMatchObject({
          battle_id: first.battle_id,
          result: 'defeat',
          coins_earned: -5000,
        });
        const cut = await findMatch(socket, characterId);
        await server.crash();
        socket.close();

        server = await startServerProcess(env);
        socket = await announce(server.url);
        // No battle to rejoin: the cut one was voided at start-up; a new one starts.
        expect(socket.received.battleActive).toBeUndefined();
        const again = await findMatch(socket, characterId);
        expect(again.battle_id).not.toBe(cut.battle_id);
        const completed = socket.next('battleCompleted', undefined, 15_000);
        socket.emit('forfeitBattle', { battle_id: again.battle_id });
        expect(await completed).toMatchObject({ result: 'defeat', coins_earned: -5000 });
        socket.close();
        expect(await server.stop()).toBe(0);

        t = await startTestApp(kind, options);
        const rows = await t.database.db
          .select()
          .from(battles)
          .where(eq(battles.player1Id, userId))
          .orderBy(battles.startedAt);
        expect(new Map(rows.map((r) => [r.id, r.status]))).toEqual(
          new Map([
            [first.battle_id, 'finished'],
            [cut.battle_id, 'void'],
            [again.battle_id, 'finished'],
          ]),
        );
        const paid = await t.database.db
          .select()
          .from(ledger)
          .where(and(eq(ledger.userId, userId), sql`${ledger.reason} like 'battle-%'`));
        // Each stake taken once; the cut battle's stake returned once (void), never also settled.
        expect(paid.map((r) => `${r.idempotencyKey} ${r.delta}`).sort()).toEqual(
          [
            `battle:${first.battle_id}:${userId}:stake -5000`,
            `battle:${cut.battle_id}:${userId}:stake -5000`,
            `battle:${cut.battle_id}:${userId}:void 5000`,
            `battle:${again.battle_id}:${userId}:stake -5000`,
          ].sort(),
        );
        expect(await ledgerMatches(t, userId)).toEqual({ coins: 10_000, ledger: 10_000 });
        await t.close();
      } finally {
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
