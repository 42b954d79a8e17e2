import { randomBytes } from 'node:crypto';
import type { BattleEventPayload } from '@titans/shared/battle/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { acceptMatches } from './helpers/ready-check.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  createPostgresDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/*
 * Skip across processes (F63; D-CLUSTER-17): two apps on one PostgreSQL and one Redis of this
 * test's own. A PvP battle is hosted by one process; the other player's skip is forwarded to it
 * like any battle action. The intro keeps 10 s here so a skip has something to shorten.
 */
describe.runIf(process.env.DATABASE_URL)('cluster: Skip reaches the battle host', () => {
  let redis: RedisProcess;
  let database: { url: string; drop(): Promise<void> };
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  let nextId = 47_700 + Math.floor(Math.random() * 1_000) * 10;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    database = await createPostgresDatabase();
    const env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      BATTLE_INTRO_MS: '10000',
      BATTLE_BOT_SETUP_MS: '0',
      BATTLE_TIME_LIMIT_MS: '3000',
    };
    for (let i = 0; i < 2; i++) apps.push(await startTestApp('postgres', { env, databaseUrl: database.url }));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps.splice(0).reverse()) await app.close().catch(() => undefined);
    await database?.drop();
    await redis?.down();
  }, 60_000);

  const fighter = async (t: TestApp) => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 10_000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const socket = acceptMatches(await connectSocket(t.url, t.initData(telegramId)));
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await ready;
    return { telegramId, socket, characterId: row!.selectedCharacterId! };
  };
  type Fighter = Awaited<ReturnType<typeof fighter>>;
  const findPvp = (p: Fighter) =>
    p.socket.emit('findMatch', {
      telegram_user_id: String(p.telegramId),
      battle_type: 'pvp',
      energy_to_spend: 10,
      selected_character_id: p.characterId,
      equipped_items: [],
    });
  const introSkip = (
    p: Fighter,
    match: (event: Extract<BattleEventPayload, { type: 'introSkip' }>) => boolean,
  ) =>
    p.socket.next(
      'battleEvent',
      (event: BattleEventPayload) => event.type === 'introSkip' && match(event),
      10_000,
    ) as Promise<Extract<BattleEventPayload, { type: 'introSkip' }>>;

  it('F63 D-CLUSTER-17 both players skip, each through their own process: the host starts the fight for both', async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const queued = x.socket.next('matchmakingStarted');
    findPvp(x);
    await queued;
    const startedX = x.socket.next('battleStarted', undefined, 15_000);
    const startedY = y.socket.next('battleStarted', undefined, 15_000);
    findPvp(y);
    const [sx, sy] = await Promise.all([startedX, startedY]);
    expect(sx.battle_id).toBe(sy.battle_id);
    const id = sx.battle_id;
    const host = apps.find((app) => app.battles.room(id))!;
    const remote = host === a ? y : x;
    const local = host === a ? x : y;
    const room = host.battles.room(id)!;
    const fightAt = room.state.fightStartsAt;

    // The player on the other process skips first: the host hears it; nothing moves yet.
    const heardLocal = introSkip(local, (e) => e.opponent && !e.you);
    const heardRemote = introSkip(remote, (e) => e.you && !e.opponent);
    remote.socket.emit('skipIntro', { battle_id: id });
    await Promise.all([heardLocal, heardRemote]);
    expect(room.state.fightStartsAt).toBe(fightAt);

    const bothLocal = introSkip(local, (e) => e.you && e.opponent);
    const bothRemote = introSkip(remote, (e) => e.you && e.opponent);
    local.socket.emit('skipIntro', { battle_id: id });
    const [l, r] = await Promise.all([bothLocal, bothRemote]);
    expect(l.fight_starts_at).toBe(r.fight_starts_at);
    expect(l.fight_starts_at).toBeLessThan(fightAt);
    expect(room.state.fightStartsAt).toBe(l.fight_starts_at);
    // The remote player's first target reaches them through their own process, long before the intro's end.
    const target = await remote.socket.waitFor('battleEvent', (e) => e.type === 'targetSpawned', 5_000);
    expect(target.type === 'targetSpawned' && target.target.spawned_at).toBe(l.fight_starts_at);
    const done = remote.socket.next('battleCompleted', (c) => c.battle_id === id, 20_000);
    await done;
  }, 90_000);
});
