import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY } from '../../../scripts/cluster/haproxy-config.ts';
import { LocalCluster } from '../../../scripts/cluster/local-cluster.ts';
import { signInitData } from '../src/auth/init-data.ts';
import { ClusterTapper } from './helpers/cluster-tapper.ts';
import { createPostgresDatabase, TEST_BOT_TOKEN } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * A process dies or pauses in a cluster (issue 32; decisions D-CLUSTER-14): real server processes
 * on one PostgreSQL and one Redis behind HAProxy, players tapping through it as the web app does.
 */
describe.runIf(process.env.DATABASE_URL && fs.existsSync(HAPROXY))(
  'cluster faults: kill -9 and SIGSTOP',
  () => {
    let database: { url: string; drop(): Promise<void> };
    let db: pg.Client;
    let cluster: LocalCluster | null = null;
    const tappers: ClusterTapper[] = [];

    beforeAll(async () => {
      database = await createPostgresDatabase();
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
    }, 60_000);

    afterAll(async () => {
      for (const tapper of tappers) tapper.close();
      await cluster?.stop();
      await db?.end();
      await database?.drop();
    }, 60_000);

    const start = async () => {
      cluster = await LocalCluster.start({
        processes: 2,
        databaseUrl: database.url,
        redisUrl: REDIS_URL,
        env: {
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          CLUSTER_KEY_PREFIX: `f${randomBytes(3).toString('hex')}:`,
          TAP_FLUSH_INTERVAL_MS: '100',
        },
      });
      return cluster;
    };

    const http = async (url: string, id: number, method: string, route: string, body?: unknown) => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: {
          authorization: `tma ${signInitData({ id, first_name: `P${id}` }, TEST_BOT_TOKEN)}`,
          'x-titans-player': String(id),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    const readyPlayers = async (url: string, ids: number[]) => {
      const heroes = await http(url, ids[0]!, 'GET', '/v1/characters?is_free=true&limit=10');
      const heroId = heroes.body.data.characters[0]._id as string;
      for (const id of ids) {
        expect(
          (await http(url, id, 'POST', '/v1/user/register', { telegram_user_id: id })).status,
        ).toBeLessThan(300);
        expect(
          (await http(url, id, 'POST', `/v1/user/${id}/select-character`, { characterId: heroId })).status,
        ).toBe(200);
      }
    };

    const stored = async (telegramId: number) => {
      const { rows } = await db.query(
        `select u.coins, u.total_taps,
              (select coalesce(sum(delta), 0) from ledger l where l.user_id = u.id and l.currency = 'coins') as ledger
         from users u where u.telegram_user_id = $1`,
        [telegramId],
      );
      return {
        coins: Number(rows[0].coins),
        taps: Number(rows[0].total_taps),
        ledger: Number(rows[0].ledger),
      };
    };

    const percentile = (values: number[], p: number) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    };

    it('kill -9 of a process under tapping load: every confirmed tap kept, nothing doubled, its players tap again through the other', async () => {
      const c = await start();
      const base = 700_000 + Math.floor(Math.random() * 90_000) * 10;
      const ids = Array.from({ length: 12 }, (_, index) => base + index);
      await readyPlayers(c.url, ids);
      for (const id of ids) {
        const tapper = new ClusterTapper(id, `fault-${id}-${randomBytes(2).toString('hex')}`, () => c.url);
        tappers.push(tapper);
        await tapper.connect();
        tapper.start(80, 1);
      }
      await sleep(1_500);
      for (const tapper of tappers) tapper.markCut();
      const killed = Date.now();
      await c.kill('titans1');
      // Every player taps again within a few seconds (those of the dead process through the other).
      while (tappers.some((tapper) => tapper.backAfterMs === null) && Date.now() - killed < 15_000)
        await sleep(100);
      const back = tappers.map((tapper) => tapper.backAfterMs ?? Number.POSITIVE_INFINITY);
      console.log(
        `kill -9: players tapping again after p50 ${percentile(back, 50)} ms, p99 ${percentile(back, 99)} ms (${back.join(' ')})`,
      );
      expect(Math.max(...back)).toBeLessThan(10_000);
      await sleep(1_000);
      for (const tapper of tappers) await tapper.stop();
      for (const tapper of tappers) expect(await tapper.settled(10_000)).toBe(true);
      for (const tapper of tappers) {
        const row = await stored(tapper.telegramId);
        expect(row.coins).toBe(row.ledger);
        // Every confirmed tap is there, and none twice (each batch counted once, at most what was sent).
        expect(row.taps).toBe(tapper.confirmedTaps());
        expect(row.taps).toBeLessThanOrEqual(tapper.sentTaps());
      }
      for (const tapper of tappers.splice(0)) tapper.close();
      await c.stop();
      cluster = null;
    }, 90_000);

    it('SIGSTOP past the heartbeat, then SIGCONT: the paused process writes nothing more for a player taken meanwhile', async () => {
      const c = await start();
      const id = 790_000_000 + Math.floor(Math.random() * 9_000_000);
      await readyPlayers(c.url, [id]);
      const paused = c.server('titans1');
      const tapper = new ClusterTapper(id, `stop-${id}`, () => paused.url);
      tappers.push(tapper);
      await tapper.connect();
      tapper.start(50, 2);
      await sleep(600);
      // Paused with taps accepted and not yet written (the flush runs every 100 ms).
      c.pause('titans1');
      await tapper.stop();
      tapper.close();
      await sleep(3_500); // past the 3 s heartbeat
      // The player comes back through the other process, which takes them (the hand-over times out).
      const other = c.server('titans2');
      const moved = new ClusterTapper(id, `stop-${id}`, () => other.url);
      tappers.push(moved);
      for (const batch of tapper.sent) moved.sent.push(batch);
      for (const [seq, accepted] of tapper.accepted) moved.accepted.set(seq, accepted);
      moved.confirmedSeq = tapper.confirmedSeq;
      await moved.connect();
      moved.start(50, 2);
      await sleep(800);
      await moved.stop();
      expect(await moved.settled(10_000)).toBe(true);
      const before = await stored(id);
      expect(before.taps).toBe(moved.confirmedTaps());
      // The paused process wakes with the player's unwritten taps: its flush is refused.
      c.resume('titans1');
      await sleep(1_500);
      const after = await stored(id);
      expect(after).toEqual(before);
      expect(after.coins).toBe(after.ledger);
      moved.close();
      await c.stop();
      cluster = null;
    }, 90_000);
  },
);
