import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HAPROXY } from '../../../scripts/cluster/haproxy-config.ts';
import { LocalCluster } from '../../../scripts/cluster/local-cluster.ts';
import { ClusterTapper, percentile, readyPlayers, storedTaps } from './helpers/cluster-tapper.ts';
import { hasHeartbeat, SHORT_CLUSTER_TIMINGS } from './helpers/heartbeats.ts';
import { createPostgresDatabase, TEST_BOT_TOKEN } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Polls for conditions a loaded machine may take seconds to reach. */
const waitLong = { timeout: 15_000, interval: 100 };

/*
 * A process dies or pauses in a cluster (decisions D-CLUSTER-14): real server processes
 * on one PostgreSQL and one Redis behind HAProxy, players tapping through it as the web app does.
 */
describe.runIf(process.env.DATABASE_URL && fs.existsSync(HAPROXY))(
  'cluster faults: kill -9, SIGSTOP and the drain',
  () => {
    let database: { url: string; drop(): Promise<void> };
    let db: pg.Client;
    let cluster: LocalCluster | null = null;
    const tappers: ClusterTapper[] = [];

    // Each test starts with no tapper of an earlier one (a closed tapper never taps again).
    beforeEach(() => {
      for (const tapper of tappers.splice(0)) tapper.close();
    });

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

    let prefix = '';
    const start = async (env: Record<string, string> = {}) => {
      // A test that failed left its cluster running: stop it before starting this one's.
      await cluster?.stop();
      prefix = `f${randomBytes(3).toString('hex')}:`;
      cluster = await LocalCluster.start({
        processes: 2,
        databaseUrl: database.url,
        redisUrl: REDIS_URL,
        env: {
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          CLUSTER_KEY_PREFIX: prefix,
          TAP_FLUSH_INTERVAL_MS: '100',
          ...SHORT_CLUSTER_TIMINGS,
          ...env,
        },
      });
      return cluster;
    };

    /** Until every tapper has `batches` more batches confirmed durable than when this was called. */
    const moreConfirmed = async (batches: number) => {
      const from = tappers.map((tapper) => tapper.confirmedSeq);
      await vi.waitFor(
        () =>
          expect(tappers.filter((tapper, i) => tapper.confirmedSeq < (from[i] ?? 0) + batches)).toEqual([]),
        waitLong,
      );
    };

    /** Until every tapper taps again after the cut, or 15 s: the caller's check names who did not. */
    const everyoneBack = () =>
      vi
        .waitFor(() => expect(tappers.every((tapper) => tapper.backAfterMs !== null)).toBe(true), waitLong)
        .catch(() => undefined);

    /** `count` new players tapping through HAProxy, one tap every 80 ms each. */
    const tapThroughBalancer = async (c: LocalCluster, from: number, count: number, name: string) => {
      const base = from + Math.floor(Math.random() * 90_000) * 10;
      const ids = Array.from({ length: count }, (_, index) => base + index);
      await readyPlayers(c.url, ids);
      for (const id of ids) {
        const tapper = new ClusterTapper(id, `${name}-${id}-${randomBytes(2).toString('hex')}`, () => c.url);
        tappers.push(tapper);
        await tapper.connect();
        tapper.start(80, 1);
      }
    };

    it('kill -9 of a process under tapping load: every confirmed tap kept, nothing doubled, its players tap again through the other', async () => {
      const c = await start();
      await tapThroughBalancer(c, 700_000, 12, 'fault');
      // Under load: every player has taps written before the kill.
      await moreConfirmed(3);
      for (const tapper of tappers) tapper.markCut();
      await c.kill('titans1');
      // Every player taps again within a few seconds (those of the dead process through the other).
      await everyoneBack();
      const back = tappers.map((tapper) => tapper.backAfterMs ?? Number.POSITIVE_INFINITY);
      console.log(
        `kill -9: players tapping again after p50 ${percentile(back, 50)} ms, p99 ${percentile(back, 99)} ms (${back.join(' ')})`,
      );
      const slow = tappers.filter((tapper) => (tapper.backAfterMs ?? Number.POSITIVE_INFINITY) >= 10_000);
      expect(
        slow.map((tapper) => ({
          id: tapper.telegramId,
          backAfterMs: tapper.backAfterMs,
          connects: tapper.connects,
          lastReply: tapper.lastReply,
          lastError: tapper.lastError,
        })),
      ).toEqual([]);
      // Taps go on being written through the process that stays.
      await moreConfirmed(3);
      for (const tapper of tappers) await tapper.stop();
      for (const tapper of tappers) expect(await tapper.settled(10_000)).toBe(true);
      for (const tapper of tappers) {
        const row = await storedTaps(db, tapper.telegramId);
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
      // At info level the log says when the woken process drops the player.
      const c = await start({ LOG_LEVEL: 'info' });
      const id = 790_000_000 + Math.floor(Math.random() * 9_000_000);
      await readyPlayers(c.url, [id]);
      const paused = c.server('titans1');
      const tapper = new ClusterTapper(id, `stop-${id}`, () => paused.url);
      tappers.push(tapper);
      await tapper.connect();
      tapper.start(50, 2);
      await vi.waitFor(() => expect(tapper.confirmedSeq).toBeGreaterThanOrEqual(5), waitLong);
      // Paused with taps accepted and not yet written (the flush runs every 100 ms).
      c.pause('titans1');
      await tapper.stop();
      tapper.close();
      // Past its heartbeat: Redis has let it expire.
      await vi.waitFor(
        async () => expect(await hasHeartbeat(REDIS_URL, prefix, paused.pid())).toBe(false),
        waitLong,
      );
      // The player comes back through the other process, which takes them (the hand-over times out).
      const other = c.server('titans2');
      const moved = new ClusterTapper(id, `stop-${id}`, () => other.url);
      tappers.push(moved);
      for (const batch of tapper.sent) moved.sent.push(batch);
      for (const [seq, accepted] of tapper.accepted) moved.accepted.set(seq, accepted);
      moved.confirmedSeq = tapper.confirmedSeq;
      await moved.connect();
      moved.start(50, 2);
      const sentBefore = tapper.sent.length;
      await vi.waitFor(() => expect(moved.confirmedSeq).toBeGreaterThanOrEqual(sentBefore + 5), waitLong);
      await moved.stop();
      expect(await moved.settled(10_000)).toBe(true);
      const before = await storedTaps(db, id);
      expect(before.taps).toBe(moved.confirmedTaps());
      // The paused process wakes, perhaps with the player's unwritten taps: its flush is refused.
      c.resume('titans1');
      // It drops the player, fenced out of writing, or found taken when its lapsed heartbeat is renewed.
      await vi.waitFor(
        () => expect(c.output()).toMatch(/\[titans1\].*player moved to another process/),
        waitLong,
      );
      const after = await storedTaps(db, id);
      expect(after).toEqual(before);
      expect(after.coins).toBe(after.ledger);
      moved.close();
      await c.stop();
      cluster = null;
    }, 90_000);

    it('SIGTERM drains a process: its players move to the other with nothing lost, then it exits cleanly', async () => {
      const c = await start();
      await tapThroughBalancer(c, 600_000, 10, 'drain');
      await moreConfirmed(3);
      for (const tapper of tappers) tapper.markCut();
      const drainStarted = Date.now();
      const exit = await c.drain('titans1');
      console.log(`drain: exited after ${Date.now() - drainStarted} ms`);
      expect(exit).toBe('0');
      // Everyone taps (again) through the process that stays.
      await everyoneBack();
      const stuck = tappers.filter((tapper) => tapper.backAfterMs === null);
      expect(
        stuck.map((tapper) => ({
          id: tapper.telegramId,
          connected: tapper.socket?.connected ?? false,
          connects: tapper.connects,
          lastReply: tapper.lastReply,
          lastError: tapper.lastError,
        })),
      ).toEqual([]);
      console.log(`drain: all tapping again ${Date.now() - drainStarted} ms after SIGTERM`);
      await moreConfirmed(2);
      for (const tapper of tappers) await tapper.stop();
      for (const tapper of tappers) expect(await tapper.settled(10_000)).toBe(true);
      for (const tapper of tappers) {
        const row = await storedTaps(db, tapper.telegramId);
        expect(row.coins).toBe(row.ledger);
        // Nothing lost in the move: every batch sent was answered and is durable, once.
        expect(row.taps).toBe(tapper.confirmedTaps());
        expect(tapper.confirmedSeq).toBe(tapper.sent.length);
      }
      for (const tapper of tappers.splice(0)) tapper.close();
      await c.stop();
      cluster = null;
    }, 90_000);
  },
);
