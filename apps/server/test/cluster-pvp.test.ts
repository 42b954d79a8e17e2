import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { battles, ledger, users } from '../src/db/schema.ts';
import { acceptMatches } from './helpers/ready-check.ts';
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
 * PvP across processes (CP1, CP2; decisions D-CLUSTER-15 to D-CLUSTER-18): two apps on one
 * PostgreSQL and one Redis of this test's own, each with its own node id. Battles are short
 * (no intro, a 3 s time limit) and run on real time.
 */
describe.runIf(process.env.DATABASE_URL)('cluster PvP: players on two processes fight one battle', () => {
  let redis: RedisProcess;
  let database: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  const apps: TestApp[] = [];
  const sockets: TestSocket[] = [];
  let nextId = 32_700 + Math.floor(Math.random() * 1_000) * 10;

  const startApp = async () => {
    const app = await startTestApp('postgres', { env, databaseUrl: database.url });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    redis = await RedisProcess.start();
    database = await createPostgresDatabase();
    env = {
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      BATTLE_INTRO_MS: '0',
      BATTLE_BOT_SETUP_MS: '0',
      BATTLE_TIME_LIMIT_MS: '3000',
      BATTLE_REJOIN_GRACE_MS: '8000',
    };
    await startApp();
    await startApp();
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps.splice(0).reverse()) await app.close().catch(() => undefined);
    await database?.drop();
    await redis?.down();
  }, 60_000);

  const open = async (t: TestApp, telegramId: number) => {
    // Accepts the PvP ready check at once (F51): this file is about the battle across processes.
    const socket = acceptMatches(await connectSocket(t.url, t.initData(telegramId)));
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: telegramId });
    await ready;
    return socket;
  };

  /** A player registered through `t`, with coins, `energy` (through the gateway) and a socket on `t`. */
  const fighter = async (t: TestApp, energy?: number) => {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 10_000);
    if (energy !== undefined) {
      const set = await t.gateway.change(userId, (m) => m.setEnergy(userId, energy));
      expect(set.ok).toBe(true);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const socket = await open(t, telegramId);
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId!, app: t };
  };
  type Fighter = Awaited<ReturnType<typeof fighter>>;

  const findPvp = (p: Fighter, energy = 10) =>
    p.socket.emit('findMatch', {
      telegram_user_id: p.telegramId,
      battle_type: 'pvp',
      energy_to_spend: energy,
      selected_character_id: p.characterId,
      equipped_items: [],
    });

  /** x queues on its process, then y on another: they meet in one battle hosted by one of them. */
  const match = async (x: Fighter, y: Fighter, energy = 10) => {
    const queued = x.socket.next('matchmakingStarted');
    findPvp(x, energy);
    await queued;
    const startedX = x.socket.next('battleStarted', undefined, 10_000);
    const startedY = y.socket.next('battleStarted', undefined, 10_000);
    findPvp(y, energy);
    const [sx, sy] = await Promise.all([startedX, startedY]);
    expect(sx.battle_id).toBe(sy.battle_id);
    const host = apps.find((app) => app.battles.room(sx.battle_id));
    if (!host) throw new Error('no process hosts the battle');
    return { id: sx.battle_id, host, sx, sy };
  };

  const battleRow = async (t: TestApp, id: string) => {
    const [row] = await t.database.db.select().from(battles).where(eq(battles.id, id));
    return row!;
  };
  const battleLedger = async (t: TestApp, id: string) =>
    t.database.db
      .select({ userId: ledger.userId, key: ledger.idempotencyKey, delta: ledger.delta })
      .from(ledger)
      .where(sql`${ledger.idempotencyKey} like ${`battle:${id}:%`}`);

  const tap = (socket: TestSocket, battleId: string, targetId?: number) =>
    (socket.timeout(5_000) as any).emitWithAck('pvpTap', {
      battle_id: battleId,
      ...(targetId ? { target_id: targetId } : {}),
    }) as Promise<{ hit: boolean; reason?: string }>;

  it('CP1 D-CLUSTER-15 D-CLUSTER-17 two players on two processes meet, tap through their own process, and the battle pays once (F20, F33, F36)', async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const { id, host } = await match(x, y);

    const row = await battleRow(a!, id);
    expect(row.status).toBe('active');
    expect(row.hostNode).toBe(host.cluster!.nodeId);
    expect(new Set([a!.cluster!.nodeId, b!.cluster!.nodeId])).toContain(row.hostNode);
    expect(row.entry.map((e) => e.userId).sort()).toEqual([x.userId, y.userId].sort());

    // Each taps its own live target through its own process; the host answers every ack.
    const room = host.battles.room(id)!;
    const sides = [x, y].map((p) => ({ p, side: room.sideOf(p.userId)! }));
    const hits = new Map<string, number>([
      [x.userId, 0],
      [y.userId, 0],
    ]);
    const done = (p: Fighter) => p.socket.next('battleCompleted', (c) => c.battle_id === id, 15_000);
    const completed = [done(x), done(y)] as const;
    // The opponent's hits may ride in X's own update (F39).
    const seenByX = x.socket.waitFor(
      'pvpHealthUpdate',
      (u) => [u.hit, ...(u.earlier_hits ?? [])].some((hit) => hit.by === 'opponent'),
      10_000,
    );
    while (!room.isOver) {
      for (const { p, side } of sides) {
        const target = room.state.fighters[side].target?.id;
        if (!target || room.isOver) continue;
        const ack = await tap(p.socket, id, target);
        if (ack.hit) hits.set(p.userId, (hits.get(p.userId) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(hits.get(x.userId)).toBeGreaterThan(0);
    expect(hits.get(y.userId)).toBeGreaterThan(0);
    await seenByX;
    const [cx, cy] = await Promise.all(completed);
    expect(cx.is_pvp && cy.is_pvp).toBe(true);

    await vi.waitFor(async () => expect((await battleRow(a!, id)).status).toBe('finished'), {
      timeout: 5_000,
    });
    const rows = await battleLedger(a!, id);
    for (const p of [x, y]) {
      const mine = rows.filter((r) => r.userId === p.userId);
      expect(mine.filter((r) => r.key.endsWith(':stake')).map((r) => r.delta)).toEqual([-5000]);
      expect(mine.filter((r) => r.key === `battle:${id}:${p.userId}`).length).toBeLessThanOrEqual(1);
      expect(await ledgerMatches(a!, p.userId)).toMatchObject({ coins: expect.any(Number) });
      const balance = await ledgerMatches(a!, p.userId);
      expect(balance.coins).toBe(balance.ledger);
    }
    // F36: PvP never creates coins.
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBeLessThanOrEqual(0);
    expect(cx.coins_earned + cy.coins_earned).toBeLessThanOrEqual(0);
  }, 60_000);

  it('CP2 D-CLUSTER-17 a player rejoins from the other process and gets the whole battle from the host', async () => {
    const [a, b] = apps;
    const x = await fighter(a!);
    const y = await fighter(b!);
    const { id } = await match(x, y);
    // y leaves b and comes back on a: the host tells x, and y's rejoin there gets the battle.
    const waiting = x.socket.waitFor('waitingForOpponent', (w) => w.waiting, 5_000);
    y.socket.close();
    await waiting;
    const again = await open(a!, y.telegramId);
    const active = await again.waitFor('battleActive', (p) => p.battle_id === id, 5_000);
    expect(active.in_queue).toBe(false);
    const rejoined = again.next('battleStarted', (s) => s.battle_id === id && s.rejoined, 5_000);
    const back = x.socket.next('waitingForOpponent', (w) => !w.waiting, 5_000);
    again.emit('rejoinBattle', { battle_id: id });
    expect(await rejoined).toMatchObject({ battle_id: id, is_pvp: true, rejoined: true });
    await back;
    const done = await again.next('battleCompleted', (c) => c.battle_id === id, 15_000);
    expect(done.battle_id).toBe(id);
    await vi.waitFor(async () => expect((await battleRow(a!, id)).status).toBe('finished'), {
      timeout: 5_000,
    });
  }, 60_000);

  it('CP4 D-CLUSTER-14 a player another process took for a grant queues and fights from their own process', async () => {
    const [a, b] = apps;
    const telegramId = nextId++;
    const userId = await readyPlayer(a!, telegramId);
    // The operator's grant runs on b while the player is offline: b takes them.
    await grantCoins(b!, userId, 10_000);
    expect(b!.engine.live(userId, Date.now())).toBeDefined();
    const [row] = await a!.database.db.select().from(users).where(eq(users.id, userId));
    const x = {
      telegramId,
      userId,
      socket: await open(a!, telegramId),
      characterId: row!.selectedCharacterId!,
      app: a!,
    };
    const y = await fighter(b!);
    const { id, host } = await match(x, y);
    expect(a!.engine.live(userId, Date.now())).toBeDefined();
    expect(b!.engine.live(userId, Date.now())).toBeUndefined();
    const ended = x.socket.next('pvpBattleResult', undefined, 10_000);
    x.socket.emit('forfeitBattle', { battle_id: id });
    await ended;
    await vi.waitFor(async () => expect((await battleRow(host, id)).status).toBe('finished'), {
      timeout: 5_000,
    });
    const stakes = (await battleLedger(host, id)).filter((entry) => entry.userId === userId);
    expect(stakes.length).toBeGreaterThan(0);
    for (const player of [userId, y.userId]) {
      const ledgerRow = await ledgerMatches(a!, player);
      expect(ledgerRow.coins).toBe(ledgerRow.ledger);
    }
  }, 60_000);

  it('CP1 D-CLUSTER-15 a leftover Arena claim (a battle no longer running, an old entering) does not shut a player out; a live one does', async () => {
    const [a] = apps;
    const x = await fighter(a!);
    const probe = new Redis(redis.url);
    try {
      const key = `${env.CLUSTER_KEY_PREFIX}arena:p:${x.userId}`;
      const tryPve = async () => {
        const outcome = Promise.race([
          x.socket.next('battleStarted', undefined, 5_000).then((s) => s.battle_id),
          x.socket.next('error', (e) => e.code === 'battle/already-in-battle', 5_000).then(() => null),
        ]);
        x.socket.emit('findMatch', {
          telegram_user_id: x.telegramId,
          battle_type: 'pve',
          difficulty: 'easy',
          energy_to_spend: 10,
          selected_character_id: x.characterId,
          equipped_items: [],
        });
        return outcome;
      };
      const claim = (value: object) => probe.set(key, JSON.stringify({ node: 'gone', ...value }));
      await claim({ kind: 'entering', at: Date.now() });
      expect(await tryPve()).toBeNull();
      await claim({ kind: 'entering', at: Date.now() - 60_000 });
      const first = await tryPve();
      expect(first).toEqual(expect.any(String));
      // Now a live battle holds the claim; once it is voided elsewhere and Redis missed the release,
      // the claim of a battle no longer active gives way.
      expect(await tryPve()).toBeNull();
      expect(await a!.battles.voidBattle(first!, 'test')).toBe(true);
      await claim({ kind: 'battle', battleId: first, host: 'gone', at: Date.now() });
      expect(await tryPve()).toEqual(expect.any(String));
    } finally {
      probe.disconnect();
    }
  }, 60_000);

  it('CP3 D-CLUSTER-18 F30 the host closes without settling: the sweeper voids the battle, stake and energy back once', async () => {
    const [a, b] = apps;
    const x = await fighter(a!, 200);
    const y = await fighter(b!, 200);
    const { id, host } = await match(x, y, 100);
    const survivor = host === a ? b! : a!;
    const onSurvivor = host === a ? y : x;
    const voidedNotice = onSurvivor.socket.waitFor('battleCompleted', (c) => c.battle_id === id, 15_000);
    const started = Date.now();
    apps.splice(apps.indexOf(host), 1);
    await host.close();

    await vi.waitFor(async () => expect((await battleRow(survivor, id)).status).toBe('void'), {
      timeout: 12_000,
      interval: 200,
    });
    expect(await voidedNotice).toMatchObject({ reason: 'void', stake: 5000, payout: 5000 });
    // Voided by the sweeper, for its host's missing heartbeat (not by anyone's boot).
    expect((await battleRow(survivor, id)).stats).toMatchObject({
      voidReason: `host ${host.cluster!.nodeId} lost`,
    });
    const elapsedSeconds = (Date.now() - started) / 1000 + 2;
    const rows = await battleLedger(survivor, id);
    for (const p of [x, y]) {
      const mine = rows.filter((r) => r.userId === p.userId);
      expect(mine.map((r) => `${r.key} ${r.delta}`).sort()).toEqual(
        [`battle:${id}:${p.userId}:stake -5000`, `battle:${id}:${p.userId}:void 5000`].sort(),
      );
      const balance = await ledgerMatches(survivor, p.userId);
      expect(balance).toEqual({ coins: 10_000, ledger: 10_000 });
      // Energy: 200 before, 100 spent, 100 back once (plus what regenerated meanwhile, 3 a second).
      const [row] = await survivor.database.db
        .select({ energy: users.energy })
        .from(users)
        .where(and(eq(users.id, p.userId)));
      expect(row!.energy).toBeGreaterThanOrEqual(200);
      expect(row!.energy).toBeLessThan(200 + 100);
      expect(row!.energy).toBeLessThanOrEqual(200 + Math.ceil(3 * (elapsedSeconds + 10)));
    }
    // Both can fight again: their Arena claims were released.
    const replacement = await startApp();
    const z = await fighter(replacement);
    const again = await match(onSurvivor, z);
    expect(again.id).not.toBe(id);
  }, 60_000);

  it('D-CLUSTER-15 without Redis findMatch answers server/unavailable at once; when Redis returns the Arena works again', async () => {
    const t = apps[apps.length - 1]!;
    const x = await fighter(t);
    await redis.down();
    try {
      const refused = x.socket.next('error', (e) => e.code === 'server/unavailable', 8_000);
      findPvp(x);
      expect(await refused).toMatchObject({ code: 'server/unavailable' });
    } finally {
      await redis.up();
    }
    await vi.waitFor(
      async () => {
        const queued = x.socket.next('matchmakingStarted', undefined, 2_000);
        findPvp(x);
        await queued;
      },
      { timeout: 20_000, interval: 500 },
    );
  }, 60_000);
});
