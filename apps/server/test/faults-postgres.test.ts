import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { startServerProcess } from './helpers/server-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { createPostgresDatabase, TEST_BOT_TOKEN } from './helpers/test-app.ts';

const PLAYERS = 4;

interface Player {
  id: number;
  clientId: string;
  socket: TestSocket;
  sent: number;
  /** Value of every batch the server accepted, by seq. */
  values: Map<number, number>;
  confirmedSeq: number;
}

async function http(url: string, id: number, method: string, route: string, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `tma ${signInitData({ id, first_name: `P${id}` }, TEST_BOT_TOKEN)}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Ends every session of the database but the caller's, as a restart or failover does. */
async function terminateBackends(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  return rows[0].n;
}

/**
 * FB1: players tap while every backend of the server is terminated three times. The process stays
 * up (its sockets stay connected), reconnects, and every batch the server confirmed as durable is
 * in the ledger; the ledger explains every coin.
 */
async function faultRun(options: { idleSessionTimeoutMs?: number }) {
  const postgres = await createPostgresDatabase();
  const databaseName = new URL(postgres.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  if (options.idleSessionTimeoutMs) {
    await admin.query(
      `alter database ${databaseName} set idle_session_timeout = ${options.idleSessionTimeoutMs}`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-faults-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TAP_FLUSH_INTERVAL_MS: '40',
    DATABASE_URL: postgres.url,
  });
  const players: Player[] = [];
  try {
    const heroes = await http(server.url, 1, 'GET', '/v1/characters?is_free=true&limit=10');
    const heroId = heroes.body.data.characters[0]._id as string;
    for (let index = 0; index < PLAYERS; index++) {
      const id = 700_000 + index;
      await http(server.url, id, 'POST', '/v1/user/register', { telegram_user_id: id });
      await http(server.url, id, 'POST', `/v1/user/${id}/select-character`, { characterId: heroId });
      const clientId = `fault-client-${index}-${Date.now()}`;
      const socket = await connectSocket(server.url, signInitData({ id }, TEST_BOT_TOKEN), clientId);
      const player: Player = { id, clientId, socket, sent: 0, values: new Map(), confirmedSeq: 0 };
      socket.on('tapRegistered', (payload) => {
        if (payload.seq !== null) player.values.set(payload.seq, payload.value);
      });
      socket.on('coinsUpdated', (payload) => {
        player.confirmedSeq = Math.max(player.confirmedSeq, payload.confirmed_seq ?? 0);
      });
      const ready = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: id });
      await ready;
      players.push(player);
    }

    // Each player sends a batch every 60 ms (under the 20 taps/s cap); the backends are terminated three times meanwhile.
    const tapOnce = (player: Player) => {
      player.sent++;
      player.socket.emit('tap', { telegram_user_id: player.id, count: 1, seq: player.sent });
    };
    const ticker = setInterval(() => players.forEach(tapOnce), 60);
    let terminated = 0;
    try {
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        terminated += await terminateBackends(admin, databaseName);
        if (options.idleSessionTimeoutMs) {
          // Let idle sessions time out too: the pool must survive both.
          await new Promise((resolve) => setTimeout(resolve, options.idleSessionTimeoutMs! * 2));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      clearInterval(ticker);
    }
    expect(terminated).toBeGreaterThan(0);

    // Everything accepted becomes durable once the database is back.
    for (const player of players) {
      await player.socket.waitFor('tapRegistered', (payload) => payload.seq === player.sent, 30_000);
      if (player.confirmedSeq < player.sent) {
        await player.socket.waitFor(
          'coinsUpdated',
          (payload) => (payload.confirmed_seq ?? 0) >= player.sent,
          30_000,
        );
      }
      expect(player.socket.connected, 'the socket survived the fault').toBe(true);
    }

    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    const healthBody = (await health.json()) as any;
    expect(healthBody.data.db.state).toBe('up');
    expect(healthBody.data.db.lostConnections).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      for (const player of players) {
        const { rows } = await db.query(
          `select u.coins, u.total_taps, coalesce(sum(l.delta), 0)::bigint as ledger,
                  coalesce(sum((l.meta->>'taps')::int), 0)::bigint as ledger_taps,
                  (select last_seq from tap_sessions s where s.user_id = u.id and s.client_id = $2) as last_seq
             from users u left join ledger l on l.user_id = u.id
            where u.telegram_user_id = $1 group by u.id`,
          [player.id, player.clientId],
        );
        const row = rows[0];
        // Every confirmed batch is in the ledger, and nothing else is.
        expect(Number(row.last_seq)).toBe(player.sent);
        const confirmedValue = [...player.values.values()].reduce((sum, value) => sum + value, 0);
        expect(Number(row.coins)).toBe(confirmedValue);
        expect(Number(row.ledger)).toBe(Number(row.coins));
        expect(Number(row.ledger_taps)).toBe(Number(row.total_taps));
      }
    } finally {
      await db.end();
    }
  } finally {
    for (const player of players) player.socket.close();
    const code = await server.stop();
    if (code !== 0) console.error(server.output());
    expect(code).toBe(0);
    if (options.idleSessionTimeoutMs)
      await admin.query(`alter database ${databaseName} reset idle_session_timeout`);
    await admin.end();
    await postgres.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.skipIf(!process.env.DATABASE_URL)('FB1 PostgreSQL faults [postgres]', () => {
  it(
    'FB1 terminating every backend while players tap: the server stays up, reconnects, confirmed taps are in the ledger',
    () => faultRun({}),
    180_000,
  );
  it(
    'FB1 the same with idle_session_timeout set on the database',
    () => faultRun({ idleSessionTimeoutMs: 200 }),
    180_000,
  );
  it('F2 while the database refuses connections /health answers 503 with db.state down and requests 503; then it recovers', async () => {
    const postgres = await createPostgresDatabase();
    const databaseName = new URL(postgres.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-faults-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      DATABASE_URL: postgres.url,
    });
    try {
      await admin.query(`alter database ${databaseName} allow_connections false`);
      await terminateBackends(admin, databaseName);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as any).data.db.state).toBe('down');
      const call = await http(server.url, 1, 'GET', '/v1/characters?limit=1');
      expect(call.status).toBe(503);
      expect(call.body.error).toBe('server/unavailable');

      await admin.query(`alter database ${databaseName} allow_connections true`);
      const back = await fetch(`${server.url}/health`);
      expect(back.status).toBe(200);
      expect(((await back.json()) as any).data.db.state).toBe('up');
      expect(server.child.exitCode).toBeNull();
    } finally {
      await admin.query(`alter database ${databaseName} allow_connections true`);
      const code = await server.stop();
      if (code !== 0) console.error(server.output());
      expect(code).toBe(0);
      await admin.end();
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
