import { randomBytes, randomUUID } from 'node:crypto';
import { READY_CHECK_MS } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterArenaStore } from '../src/battle/cluster-arena-store.ts';
import type { Cluster } from '../src/cluster/cluster.ts';
import { ledger, users } from '../src/db/schema.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  createPostgresDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/*
 * The ready check across processes (F50–F53, D-BATTLE-21): two apps on one PostgreSQL and one
 * Redis, the two players on different processes, so their answers reach different processes and
 * the check lives in Redis. Real time: a check nobody answers ends after its 10 s.
 */
describe.runIf(process.env.DATABASE_URL)('cluster: the PvP ready check across two processes', () => {
  let redis: RedisProcess;
  let database: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  let nextId = 47_500 + Math.floor(Math.random() * 1_000) * 10;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    database = await createPostgresDatabase();
    env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      BATTLE_INTRO_MS: '0',
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
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: telegramId });
    await ready;
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId!, app: t };
  };
  type Fighter = Awaited<ReturnType<typeof fighter>>;

  const search = async (p: Fighter) => {
    const queued = p.socket.next('matchmakingStarted');
    p.socket.emit('findMatch', {
      telegram_user_id: p.telegramId,
      battle_type: 'pvp',
      energy_to_spend: 10,
      selected_character_id: p.characterId,
      equipped_items: [],
    });
    await queued;
  };
  /** x queues on its process, then y on another: both are shown one ready check. */
  const found = async (x: Fighter, y: Fighter) => {
    await search(x);
    const fx = x.socket.next('matchFound', undefined, 10_000);
    const fy = y.socket.next('matchFound', undefined, 10_000);
    await search(y);
    const [a, b] = await Promise.all([fx, fy]);
    expect(a.match_id).toBe(b.match_id);
    return a.match_id;
  };
  const answer = (p: Fighter, event: 'acceptMatch' | 'declineMatch', matchId: string) =>
    p.socket.timeout(5_000).emitWithAck(event, { match_id: matchId });
  const untouched = async (p: Fighter) => {
    expect(await ledgerMatches(p.app, p.userId)).toEqual({ coins: 10_000, ledger: 10_000 });
    const rows = await p.app.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, p.userId), sql`${ledger.reason} like 'battle-%'`));
    expect(rows).toEqual([]);
  };
  const leave = async (p: Fighter) => {
    const cancelled = p.socket.next('matchmakingCancelled');
    p.socket.emit('cancelMatchmaking', {});
    await cancelled;
  };

  it('F51 both accept through their own processes: one battle starts, each stake is taken once, none before', async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const matchId = await found(x, y);
    await untouched(x);
    await untouched(y);
    const sx = x.socket.next('battleStarted', undefined, 10_000);
    const sy = y.socket.next('battleStarted', undefined, 10_000);
    expect(await answer(y, 'acceptMatch', matchId)).toEqual({ status: 'waiting' });
    await untouched(x);
    expect(await answer(x, 'acceptMatch', matchId)).toEqual({ status: 'started' });
    const [bx, by] = await Promise.all([sx, sy]);
    expect(bx.battle_id).toBe(by.battle_id);
    for (const p of [x, y])
      expect(await ledgerMatches(p.app, p.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
    const done = [x, y].map((p) => p.socket.waitFor('battleCompleted', undefined, 15_000));
    x.socket.emit('forfeitBattle', { battle_id: bx.battle_id });
    await Promise.all(done);
  });

  it('F52 F53 a decline on one process costs nothing; the other player, on the other process, is queued again and meets the next', async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const matchId = await found(x, y);
    const endedX = x.socket.next('matchCancelled');
    const endedY = y.socket.next('matchCancelled');
    expect(await answer(y, 'declineMatch', matchId)).toEqual({ declined: true });
    expect(await endedY).toMatchObject({ reason: 'declined', requeued: false });
    expect(await endedX).toMatchObject({ reason: 'opponent-declined', requeued: true });
    await untouched(x);
    await untouched(y);
    expect(await a!.battles.arenaStateOf(x.userId)).toEqual({ battleId: null, queued: true });
    expect(await b!.battles.arenaStateOf(y.userId)).toEqual({ battleId: null, queued: false });
    // The next player, on the other process, meets x: a new check, which both accept.
    const z = await fighter(b!);
    const again = x.socket.next('matchFound', undefined, 10_000);
    const foundZ = z.socket.next('matchFound', undefined, 10_000);
    await search(z);
    const [second] = await Promise.all([again, foundZ]);
    expect(second.match_id).not.toBe(matchId);
    const started = x.socket.next('battleStarted', undefined, 10_000);
    await answer(z, 'acceptMatch', second.match_id);
    await answer(x, 'acceptMatch', second.match_id);
    const battle = await started;
    const done = [x, z].map((p) => p.socket.waitFor('battleCompleted', undefined, 15_000));
    z.socket.emit('forfeitBattle', { battle_id: battle.battle_id });
    await Promise.all(done);
    await untouched(y);
  });

  it('F50 F52 a socket gone during the ready check declines it; no answer by the deadline calls it off', {
    timeout: 30_000,
  }, async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const matchId = await found(x, y);
    const endedX = x.socket.next('matchCancelled');
    y.socket.close();
    expect(await endedX).toMatchObject({ match_id: matchId, reason: 'opponent-declined', requeued: true });
    await untouched(x);
    await untouched(y);
    // x waits again; w arrives on the other process and never answers: the check ends at its deadline.
    const w = await fighter(b!);
    const second = x.socket.next('matchFound', undefined, 10_000);
    const foundW = w.socket.next('matchFound', undefined, 10_000);
    await search(w);
    const [check] = await Promise.all([second, foundW]);
    const endedW = w.socket.next('matchCancelled', undefined, READY_CHECK_MS + 5_000);
    const endedX2 = x.socket.next('matchCancelled', undefined, READY_CHECK_MS + 5_000);
    expect(await answer(x, 'acceptMatch', check.match_id)).toEqual({ status: 'waiting' });
    expect(await endedW).toMatchObject({ reason: 'timeout', requeued: false });
    expect(await endedX2).toMatchObject({ reason: 'opponent-declined', requeued: true });
    await untouched(w);
    await untouched(x);
    expect(await a!.battles.arenaStateOf(w.userId)).toEqual({ battleId: null, queued: false });
    await leave(x);
  });

  it('F53 the Redis queue puts an entry queued again ahead of everyone who waits', async () => {
    const prefix = `${env.CLUSTER_KEY_PREFIX}front:${randomUUID()}:`;
    const client = new Redis(redis.url);
    try {
      const cluster = { nodeId: 'n1', prefix, key: (name: string) => `${prefix}${name}`, redis: client };
      const logger = { warn: () => undefined } as unknown as FastifyBaseLogger;
      const store = new ClusterArenaStore(cluster as unknown as Cluster, logger, Date.now);
      const entrant = (userId: string, strength: number) => ({
        userId,
        strength,
        joinedAt: 0,
        ticket: {
          entrant: {
            userId,
            characterId: 'hero',
            fighter: { name: 'H', level: 1, health: 4000, attack: 65, defense: 65, speed: 50 },
            contender: {
              userId,
              name: 'H',
              level: 1,
              character: { _id: 'hero', name: 'H', image: '/h.png' },
              equippedItems: [],
              boosters: [],
              energy: 100,
              maxEnergy: 1000,
            },
            strength,
            energyToSpend: 10,
          },
        },
      });
      const [c, d, x] = [randomUUID(), randomUUID(), randomUUID()];
      await store.queue.add({ ...entrant(c, 100), joinedAt: 1_000 });
      await store.queue.add({ ...entrant(d, 500), joinedAt: 2_000 });
      await store.queue.add({ ...entrant(x, 900), joinedAt: 3_000, front: true });
      const order = (await store.queue.entries()).map(({ entry, position }) => [entry.userId, position]);
      expect(order).toEqual([
        [x, 1],
        [c, 2],
        [d, 3],
      ]);
      // The entry keeps its own join time: its wait (and widened gap) still counts from then.
      expect((await store.queue.entries())[0]!.entry.joinedAt).toBe(3_000);
    } finally {
      client.disconnect();
    }
  });
});
