import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOT_LOCK_ID, bootStepOnce, takeBootLock } from '../src/cluster/boot-lock.ts';
import { openCluster } from '../src/cluster/cluster.ts';
import { loadConfig } from '../src/config/config.ts';
import { captureLog } from './helpers/log-capture.ts';
import { createPostgresDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;
const journal = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

describe.runIf(process.env.DATABASE_URL)('cluster boot work once (PostgreSQL + Redis)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('three processes booting at once on a fresh database: one migration run, one catalogue load', async () => {
    const database = await createPostgresDatabase({ migrated: false });
    cleanups.push(() => database.drop());
    const env = { REDIS_URL, CLUSTER_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:` };
    const logs = [captureLog(), captureLog(), captureLog()];
    const apps: TestApp[] = await Promise.all(
      logs.map((log) => startTestApp('postgres', { databaseUrl: database.url, env, logger: log.logger })),
    );
    cleanups.push(async () => {
      await Promise.all(apps.map((each) => each.close()));
    });
    for (const log of logs) expect(log.errors()).toEqual([]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect(rows[0].n).toBe(journal.entries.length);
    const said = logs.map((log) => log.lines.map((line) => line.msg));
    expect(said.filter((lines) => lines.includes('catalogue loaded'))).toHaveLength(1);
    expect(
      said.filter((lines) => lines.includes('catalogue already loaded by a process starting with this one')),
    ).toHaveLength(2);
    // Every app serves the catalogue.
    for (const each of apps) {
      const response = await each.call(7_100_001, 'GET', '/v1/characters');
      expect(response.status).toBe(200);
    }
  });

  it('the boot lock lets one process at a time in, and a holder that dies lets the next in', async () => {
    const url = process.env.DATABASE_URL;
    const first = await takeBootLock(url);
    expect(first).not.toBeNull();
    let secondIn = false;
    const second = takeBootLock(url).then((lock) => {
      secondIn = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondIn).toBe(false);
    // Kill the holder's session, as a crash would: PostgreSQL releases its lock.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objid = $1 and granted
          and pid in (select pid from pg_stat_activity where application_name = 'titans-boot-lock')`,
      [BOOT_LOCK_ID],
    );
    await admin.end();
    const lock = await second;
    expect(secondIn).toBe(true);
    await lock?.release();
    await first?.release();
  });

  it('a boot step that fails is not remembered; one that ran is skipped with the same fingerprint', async () => {
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL,
      CLUSTER_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    });
    const cluster = await openCluster(config, silent);
    cleanups.push(async () => cluster?.close());
    let runs = 0;
    expect(
      await bootStepOnce(cluster, 'x', 'v1', async () => {
        runs++;
        return false;
      }),
    ).toBe(true);
    expect(
      await bootStepOnce(cluster, 'x', 'v1', async () => {
        runs++;
        return true;
      }),
    ).toBe(true);
    expect(
      await bootStepOnce(cluster, 'x', 'v1', async () => {
        runs++;
        return true;
      }),
    ).toBe(false);
    expect(
      await bootStepOnce(cluster, 'x', 'v2', async () => {
        runs++;
        return true;
      }),
    ).toBe(true);
    expect(runs).toBe(3);
    // Without a cluster every process runs it (PGlite, or PostgreSQL without Redis).
    expect(
      await bootStepOnce(null, 'x', 'v1', async () => {
        runs++;
        return true;
      }),
    ).toBe(true);
    expect(runs).toBe(4);
  });
});
