import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainAndClose } from '../src/cluster/drain.ts';
import { users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { databaseKinds, grantCoins, readyPlayer, startTestApp, type TestApp } from './helpers/test-app.ts';

const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;
const FAST_BATTLES = { BATTLE_INTRO_MS: '0', BATTLE_BOT_SETUP_MS: '0', BATTLE_TIME_LIMIT_MS: '2000' };

async function player(t: TestApp, telegramId: number) {
  const userId = await readyPlayer(t, telegramId);
  await grantCoins(t, userId, 20_000);
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  const socket: TestSocket = await connectSocket(t.url, t.initData(telegramId));
  const status = socket.next('statusUpdated');
  socket.emit('initUser', { telegram_user_id: String(telegramId) });
  await status;
  const findMatch = () =>
    socket.emit('findMatch', {
      telegram_user_id: String(telegramId),
      battle_type: 'pve',
      difficulty: 'easy',
      energy_to_spend: 10,
      selected_character_id: row!.selectedCharacterId!,
      equipped_items: [],
    });
  return { userId, socket, findMatch };
}

describe('graceful drain on SIGTERM', () => {
  for (const kind of databaseKinds()) {
    it(`[${kind}] /health answers 503, no new battle starts, the running battle plays to its end, then the app closes`, async () => {
      const t = await startTestApp(kind, { env: FAST_BATTLES });
      const sockets: TestSocket[] = [];
      try {
        const fighter = await player(t, 7_300_001);
        const latecomer = await player(t, 7_300_002);
        sockets.push(fighter.socket, latecomer.socket);
        const started = fighter.socket.next('battleStarted', undefined, 15_000);
        fighter.findMatch();
        await started;
        const completed = fighter.socket.next('battleCompleted', undefined, 15_000);

        let closed = false;
        const draining = drainAndClose(t, { timeoutMs: 20_000, noticeMs: 0, logger: silent }).then((idle) => {
          closed = true;
          return idle;
        });
        const health = await fetch(`${t.url}/health`);
        expect(health.status).toBe(503);
        expect(((await health.json()) as { data: { status: string } }).data.status).toBe('draining');
        const refused = latecomer.socket.next('error');
        latecomer.findMatch();
        expect(await refused).toMatchObject({ code: 'server/unavailable' });
        expect(closed).toBe(false); // still waiting for the battle
        await completed;
        expect(await draining).toBe(true);
        // Closed: the socket server is gone and the database closed.
        await expect(fetch(`${t.url}/health`)).rejects.toThrow();
      } finally {
        for (const socket of sockets) socket.close();
        await t.close();
      }
    }, 90_000);
  }

  it('a battle that outlasts the drain timeout does not hold the process: it closes anyway', async () => {
    const t = await startTestApp('pglite', { env: { ...FAST_BATTLES, BATTLE_TIME_LIMIT_MS: '60000' } });
    try {
      const fighter = await player(t, 7_300_003);
      const started = fighter.socket.next('battleStarted', undefined, 15_000);
      fighter.findMatch();
      await started;
      const begun = Date.now();
      expect(await drainAndClose(t, { timeoutMs: 300, noticeMs: 0, logger: silent })).toBe(false);
      expect(Date.now() - begun).toBeLessThan(5_000);
      fighter.socket.close();
    } finally {
      await t.close();
    }
  }, 60_000);
});
