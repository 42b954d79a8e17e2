import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { acceptMatches } from './helpers/ready-check.ts';
import { RedisProcess } from './helpers/redis-process.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  createPostgresDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  TEST_BOT_TOKEN,
} from './helpers/test-app.ts';

/*
 * A battle's host killed with SIGKILL (rule CP3, decisions D-CLUSTER-18): two real
 * server processes on one PostgreSQL and one Redis, one player on each. Nothing of the host runs
 * after the kill: its heartbeat expires (3 s) and the survivor's sweeper voids the battle.
 */
describe.runIf(process.env.DATABASE_URL)('cluster PvP: the host is killed mid-battle', () => {
  let redis: RedisProcess;
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  const players: Array<{ telegramId: number; userId: string; characterId: string }> = [];
  const base = 32_900_000 + Math.floor(Math.random() * 100_000) * 10;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    database = await createPostgresDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-pvp-crash-'));
    // Players set up by one process alone (no cluster), energy 100 each, then handed to the servers.
    const setup = await startTestApp('postgres', { databaseUrl: database.url });
    for (const telegramId of [base, base + 1, base + 2, base + 3]) {
      const userId = await readyPlayer(setup, telegramId);
      await grantCoins(setup, userId, 10_000);
      const set = await setup.gateway.change(userId, (m) => m.setEnergy(userId, 100));
      expect(set.ok).toBe(true);
      const [row] = await setup.database.query<{ c: string }>(
        'select selected_character_id as c from users where id = $1',
        [userId],
      );
      players.push({ telegramId, userId, characterId: row!.c });
    }
    await setup.close();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const env = {
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      CLUSTER_KEY_PREFIX: `t${randomBytes(3).toString('hex')}:`,
      BATTLE_INTRO_MS: '0',
      BATTLE_BOT_SETUP_MS: '0',
      // Long enough to outlive the kill and the pause below, short enough to end after SIGCONT.
      BATTLE_TIME_LIMIT_MS: '8000',
      DRAIN_TIMEOUT_MS: '0',
    };
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of servers) if (server.child.exitCode === null) await server.crash();
    await client?.end();
    await database?.drop();
    await redis?.down();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const open = async (server: ServerProcess, telegramId: number) => {
    // Accepts the PvP ready check at once (F51): this file is about a host's crash.
    const socket = acceptMatches(
      await connectSocket(
        server.url,
        signInitData({ id: telegramId, first_name: `P${telegramId}` }, TEST_BOT_TOKEN),
      ),
    );
    sockets.push(socket);
    const ready = socket.next('statusUpdated', undefined, 15_000);
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await ready;
    return socket;
  };
  const find = (socket: TestSocket, p: (typeof players)[number], type: 'pvp' | 'pve') =>
    socket.emit('findMatch', {
      telegram_user_id: String(p.telegramId),
      battle_type: type,
      ...(type === 'pve' ? { difficulty: 'easy' as const } : {}),
      energy_to_spend: 50,
      selected_character_id: p.characterId,
      equipped_items: [],
    });

  /** x queues on the first server, y on the second: answers the battle, its host and the survivor. */
  const pvpAcross = async (x: (typeof players)[number], y: (typeof players)[number]) => {
    const sx = await open(servers[0]!, x.telegramId);
    const sy = await open(servers[1]!, y.telegramId);
    const queued = sx.next('matchmakingStarted', undefined, 10_000);
    find(sx, x, 'pvp');
    await queued;
    const startedX = sx.next('battleStarted', undefined, 10_000);
    const startedY = sy.next('battleStarted', undefined, 10_000);
    find(sy, y, 'pvp');
    const [bx, by] = await Promise.all([startedX, startedY]);
    expect(bx.battle_id).toBe(by.battle_id);
    const id = bx.battle_id;
    const { rows } = await client.query('select host_node, entry from battles where id = $1', [id]);
    const hostNode: string = rows[0].host_node;
    const hostIndex = servers.findIndex((s) => hostNode.includes(`-${s.child.pid}-`));
    expect(hostIndex).toBeGreaterThanOrEqual(0);
    expect(rows[0].entry).toHaveLength(2);
    return { id, hostNode, hostIndex, sockets: [sx, sy] as const };
  };
  const battleRows = async (id: string, userId: string) => {
    const ledger = await client.query(
      `select idempotency_key as key, delta::int as delta from ledger where user_id = $1 and idempotency_key like $2`,
      [userId, `battle:${id}:%`],
    );
    return ledger.rows.map((r) => `${r.key} ${r.delta}`).sort();
  };

  it('CP3 D-CLUSTER-18 a host paused past its heartbeat (SIGSTOP) has its battle voided; woken (SIGCONT), it pays nothing more', async () => {
    const [, , x, y] = players;
    const { id, hostNode, hostIndex, sockets: pair } = await pvpAcross(x!, y!);
    const host = servers[hostIndex]!;
    const survivorSocket = pair[1 - hostIndex]!;
    const voided = survivorSocket.next('battleCompleted', (c) => c.battle_id === id, 15_000);
    host.child.kill('SIGSTOP');
    try {
      expect(await voided).toMatchObject({ reason: 'void', stake: 5000, payout: 5000 });
    } finally {
      host.child.kill('SIGCONT');
    }
    // The woken host's room reaches its time limit (8 s) and tries to pay: the row is void.
    await vi.waitFor(async () => expect((await fetch(`${host.url}/health`)).status).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    const row = (await client.query('select status, stats from battles where id = $1', [id])).rows[0];
    expect(row.status).toBe('void');
    expect(row.stats.voidReason).toBe(`host ${hostNode} lost`);
    for (const p of [x!, y!]) {
      expect(await battleRows(id, p.userId)).toEqual(
        [`battle:${id}:${p.userId}:stake -5000`, `battle:${id}:${p.userId}:void 5000`].sort(),
      );
    }
    for (const socket of pair) socket.close();
  }, 60_000);

  it('CP3 D-CLUSTER-18 F30 kill -9 of the host: the survivor voids the battle within seconds, stake and energy back once, and both play on', async () => {
    const [x, y] = players;
    const { id, hostNode, hostIndex, sockets: pair } = await pvpAcross(x!, y!);
    const host = servers[hostIndex]!;
    const survivor = servers[1 - hostIndex]!;
    const [survivorSocket, hostSocket] = [pair[1 - hostIndex]!, pair[hostIndex]!];

    const voided = survivorSocket.next('battleCompleted', (c) => c.battle_id === id, 15_000);
    const killedAt = Date.now();
    await host.crash();
    hostSocket.close();
    expect(await voided).toMatchObject({ reason: 'void', stake: 5000, payout: 5000 });
    // Heartbeat expiry (3 s) plus a sweep (every 2 s), with room for a loaded machine.
    expect(Date.now() - killedAt).toBeLessThan(10_000);

    const row = (await client.query('select status, stats from battles where id = $1', [id])).rows[0];
    expect(row.status).toBe('void');
    expect(row.stats.voidReason).toBe(`host ${hostNode} lost`);
    for (const p of [x!, y!]) {
      expect(await battleRows(id, p.userId)).toEqual(
        [`battle:${id}:${p.userId}:stake -5000`, `battle:${id}:${p.userId}:void 5000`].sort(),
      );
      const balance = await client.query(
        `select u.coins::int as coins, (select sum(delta)::int from ledger l where l.user_id = u.id and l.currency = 'coins') as ledger
           from users u where u.id = $1`,
        [p.userId],
      );
      expect(balance.rows[0]).toEqual({ coins: 10_000, ledger: 10_000 });
    }
    // Energy: 100 at set-up, regenerating 3 a second, 50 spent at entry and 50 given back once, by
    // whichever process owns the player now (the survivor, for both).
    await vi.waitFor(
      async () => {
        for (const p of [x!, y!]) {
          const energy = await client.query(
            `select energy, extract(epoch from energy_updated_at) * 1000 as at from users where id = $1`,
            [p.userId],
          );
          const at = Number(energy.rows[0].at);
          const setUp = await client.query(
            `select extract(epoch from created_at) * 1000 as at from users where id = $1`,
            [p.userId],
          );
          // Written after the void: between 100 and 100 plus what regenerated since set-up.
          expect(at).toBeGreaterThanOrEqual(killedAt - 1_000);
          expect(energy.rows[0].energy).toBeGreaterThanOrEqual(100);
          const regenerated = Math.ceil((3 * (at - Number(setUp.rows[0].at))) / 1000) + 3;
          expect(energy.rows[0].energy).toBeLessThanOrEqual(Math.min(1000, 100 + regenerated));
        }
      },
      { timeout: 5_000, interval: 200 },
    );

    // The killed host's player reconnects (to the survivor) and fights again at once.
    const [hostPlayer] = hostIndex === 0 ? [x!] : [y!];
    const back = await open(survivor, hostPlayer.telegramId);
    const again = back.next('battleStarted', undefined, 10_000);
    find(back, hostPlayer, 'pve');
    expect((await again).battle_id).not.toBe(id);
  }, 90_000);
});
