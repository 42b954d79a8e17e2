import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInitData } from '../src/auth/init-data.ts';
import { seedPgliteDataDir } from './helpers/pglite-template.ts';
import { startServerProcess } from './helpers/server-process.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import { createPostgresDatabase, databaseKinds, TEST_BOT_TOKEN } from './helpers/test-app.ts';

/** A small seeded generator, so a failing seed can be replayed as a named regression. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

interface Player {
  id: number;
  clientId: string;
  socket: TestSocket;
  sent: Array<{ seq: number; count: number }>;
  values: Map<number, number>;
  confirmedSeq: number;
  confirmedCoins: number;
}

const PLAYERS = 4;
const MAX_TAP_VALUE = 11; // a starter hero's 10 plus the combo bonus

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

async function crashRun(kind: 'pglite' | 'postgres', seed: number) {
  const random = mulberry32(seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-crash-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  if (kind === 'pglite') await seedPgliteDataDir(dataDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TAP_FLUSH_INTERVAL_MS: '40',
    // Empty means unset: a PGlite run must not inherit the suite's DATABASE_URL.
    DATABASE_URL: postgres?.url ?? '',
  };
  try {
    let server = await startServerProcess(env);
    const heroes = await http(server.url, 1, 'GET', '/v1/characters?is_free=true&limit=10');
    const heroId = heroes.body.data.characters[0]._id as string;

    const players: Player[] = [];
    for (let index = 0; index < PLAYERS; index++) {
      const id = 800_000 + seed * 100 + index;
      await http(server.url, id, 'POST', '/v1/user/register', { telegram_user_id: id });
      await http(server.url, id, 'POST', `/v1/user/${id}/select-character`, { characterId: heroId });
      const clientId = `crash-${seed}-${index}-client`;
      const socket = await connectSocket(server.url, signInitData({ id }, TEST_BOT_TOKEN), clientId);
      const player: Player = {
        id,
        clientId,
        socket,
        sent: [],
        values: new Map(),
        confirmedSeq: 0,
        confirmedCoins: 0,
      };
      socket.on('tapRegistered', (payload) => {
        if (payload.seq !== null) player.values.set(payload.seq, payload.value);
      });
      socket.on('coinsUpdated', (payload) => {
        player.confirmedSeq = Math.max(player.confirmedSeq, payload.confirmed_seq ?? 0);
        player.confirmedCoins = Math.max(player.confirmedCoins, payload.coins);
      });
      const ready = socket.next('statusUpdated');
      socket.emit('initUser', { telegram_user_id: id });
      await ready;
      players.push(player);
    }

    // Tap at human-ish rates until the server is killed at a seeded moment, mid-flush. The seed
    // fixes the kill moment and every player's schedule up front (each player draws from its own
    // generator), so a failing seed replays the same traffic.
    const killAfter = 400 + Math.floor(random() * 1200);
    const schedules = players.map((_, index) => {
      const own = mulberry32(seed * 1000 + index + 1);
      const batches: Array<{ at: number; count: number }> = [];
      for (let at = 0; at <= killAfter + 500; at += 40 + Math.floor(own() * 80)) {
        batches.push({ at, count: 1 + Math.floor(own() * 3) });
      }
      return batches;
    });
    const started = Date.now();
    const timers: NodeJS.Timeout[] = [];
    players.forEach((player, index) => {
      for (const { at, count } of schedules[index]!) {
        timers.push(
          setTimeout(
            () => {
              const seq = player.sent.length + 1;
              player.sent.push({ seq, count });
              if (player.socket.connected)
                player.socket.emit('tap', { telegram_user_id: player.id, count, seq });
            },
            Math.max(0, at - (Date.now() - started)),
          ),
        );
      }
    });
    await new Promise((resolve) => setTimeout(resolve, killAfter));
    await server.crash();
    for (const timer of timers) clearTimeout(timer);
    for (const player of players) player.socket.close();

    server = await startServerProcess(env);
    try {
      const db = postgres ? new pg.Client({ connectionString: postgres.url }) : null;
      await db?.connect();
      for (const player of players) {
        const me = await http(server.url, player.id, 'GET', `/v1/user/${player.id}`);
        const coins = me.body.data.coins as number;

        // Every tap the client saw confirmed is there.
        expect(coins, `seed ${seed} player ${player.id}`).toBeGreaterThanOrEqual(player.confirmedCoins);
        // Nothing is invented: at most the batches up to the durable one, at their value.
        const socket = await connectSocket(
          server.url,
          signInitData({ id: player.id }, TEST_BOT_TOKEN),
          player.clientId,
        );
        const status = socket.next('statusUpdated');
        socket.emit('initUser', { telegram_user_id: player.id });
        const durableSeq = (await status).confirmed_seq ?? 0;
        expect(durableSeq).toBeGreaterThanOrEqual(player.confirmedSeq);
        let known = 0;
        let unknownCeiling = 0;
        for (const batch of player.sent) {
          if (batch.seq > durableSeq) continue;
          const value = player.values.get(batch.seq);
          if (value === undefined) unknownCeiling += batch.count * MAX_TAP_VALUE;
          else known += value;
        }
        expect(coins).toBeGreaterThanOrEqual(known);
        expect(coins).toBeLessThanOrEqual(known + unknownCeiling);

        // Resending every batch after the restart never credits a durable batch twice.
        let resentValue = 0;
        for (const batch of player.sent) {
          socket.emit('tap', { telegram_user_id: player.id, count: batch.count, seq: batch.seq });
          const reply = await socket.next('tapRegistered', (payload) => payload.seq === batch.seq);
          if (batch.seq <= durableSeq) expect(reply.reason).toBe('duplicate');
          resentValue += reply.value;
        }
        // Wait for the write that covers the last resent batch, not an earlier coinsUpdated
        // that arrived while resending.
        const lastSeq = player.sent.at(-1)?.seq ?? 0;
        if (resentValue > 0)
          await socket.waitFor(
            'coinsUpdated',
            (payload) => payload.pending === 0 && (payload.confirmed_seq ?? 0) >= lastSeq,
            10_000,
          );
        const after = await http(server.url, player.id, 'GET', `/v1/user/${player.id}`);
        expect(after.body.data.coins).toBe(coins + resentValue);
        socket.close();

        // The ledger explains every coin.
        if (db) {
          const { rows } = await db.query(
            `select u.coins, coalesce(sum(l.delta), 0)::bigint as ledger, u.total_taps,
                    coalesce(sum((l.meta->>'taps')::int), 0)::bigint as ledger_taps
               from users u left join ledger l on l.user_id = u.id
              where u.telegram_user_id = $1 group by u.id`,
            [player.id],
          );
          expect(Number(rows[0].ledger)).toBe(Number(rows[0].coins));
          expect(Number(rows[0].ledger_taps)).toBe(Number(rows[0].total_taps));
        }
      }
      await db?.end();
    } finally {
      expect(await server.stop()).toBe(0);
    }

    if (!postgres) {
      // PGlite: check the ledger after the clean stop, in the same data folder.
      const { PGlite } = await import('@electric-sql/pglite');
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      const { rows } = await client.query<{ coins: number; ledger: number }>(
        `select u.coins::int as coins, coalesce(sum(l.delta), 0)::int as ledger
           from users u left join ledger l on l.user_id = u.id group by u.id`,
      );
      for (const row of rows) expect(row.ledger).toBe(row.coins);
      await client.close();
    }
  } finally {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('T4 crash safety: kill -9 during flushes', () => {
  for (const kind of databaseKinds()) {
    for (const seed of [1, 2, 3]) {
      it(
        `T4 [${kind}] seed ${seed}: confirmed taps survive, nothing is doubled`,
        () => crashRun(kind, seed),
        120_000,
      );
    }
  }
});
