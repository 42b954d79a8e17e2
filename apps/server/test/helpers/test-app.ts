import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { type AppOptions, createApp, type TitansApp } from '../../src/app.ts';
import { type InitDataUser, signInitData } from '../../src/auth/init-data.ts';
import { type Config, loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { characters } from '../../src/db/schema.ts';
import { fingerprint, seedPgliteDataDir } from './pglite-template.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database kinds this run covers: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs one contract suite against every database kind. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  for (const kind of databaseKinds()) describe(`${name} [${kind}]`, () => suite(kind));
}

export const TEST_BOT_TOKEN = '4242:test-token-for-integration';

/** A database next to the one `base` names. */
function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Answers once every session of database `name` has ended. pg-pool's end() resolves before its
 * sockets close: waiting for them avoids errors on clients that are already ending.
 */
async function whenUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let template: Promise<string> | null = null;

/**
 * A migrated PostgreSQL database that test databases are copied from (`create database … template`
 * costs a fraction of running every migration), made once per migration set on this PostgreSQL:
 * migrated under another name by the app's own `openDatabase`, then renamed, while an advisory
 * lock keeps other test processes from making it at the same time.
 */
function postgresTemplate(base: string): Promise<string> {
  template ??= makePostgresTemplate(base).catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

async function makePostgresTemplate(base: string): Promise<string> {
  const name = `titans_template_${fingerprint()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('titans-test-template'))`);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      const scratch = `${name}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${scratch}`);
      const database = await openDatabase({
        databaseUrl: databaseUrl(base, scratch),
        dataDir: '',
        poolSize: 1,
      });
      await database.close();
      await whenUnused(admin, scratch);
      await admin.query(`alter database ${scratch} rename to ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh PostgreSQL database for one suite, created next to the one DATABASE_URL names and
 * dropped afterwards, so runs never see each other's rows. It is a copy of a migrated template
 * unless `migrated: false` asks for an empty one (a test of the migrations themselves).
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `titans_test_${randomBytes(6).toString('hex')}`;
  const from = options.migrated === false ? null : await postgresTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(from ? `create database ${name} template ${from}` : `create database ${name}`);
  await admin.end();
  return {
    url: databaseUrl(base, name),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await whenUnused(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp extends TitansApp {
  url: string;
  config: Config;
  /** Signed init data for a Telegram user, as the Mini App would send it. */
  initData(user: InitDataUser | number, options?: { authDate?: number; startParam?: string }): string;
  /** fetch against the app with `Authorization: tma …` for the given user. */
  call(
    userId: number | null,
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: Record<string, unknown> & { code?: number; data?: any; message?: string; error?: string };
  }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Keep the data folder between apps (restart tests). */
  dataDir?: string;
  databaseUrl?: string;
  artDir?: string | null;
  /** Fastify's logger option (default: none); the hardening tests capture the log. */
  logger?: import('fastify').FastifyServerOptions['logger'];
  /** The app's clock (rules, services, the tap engine); tests move it instead of rewriting rows. */
  clock?: () => number;
  /** The Arena's scheduler and seeds (a ManualScheduler makes battles fast and exact). */
  arena?: AppOptions['arena'];
}

/** Starts the real app on an ephemeral port of 127.0.0.1 with a temporary data folder. */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'titans-test-'));
  const postgres = kind === 'postgres' && !options.databaseUrl ? await createPostgresDatabase() : null;
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  if (!databaseUrl) await seedPgliteDataDir(dataDir);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    LOG_LEVEL: 'silent',
    // Suites drive many players from one address and race purchases on purpose: REST limits are
    // lifted here, and the rate-limit suite sets its own.
    RATE_LIMIT_ADDRESS: '10000000',
    RATE_LIMIT_READS: '10000000',
    RATE_LIMIT_WRITES: '10000000',
    RATE_LIMIT_PURCHASES: '10000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The stock pass of the test run (scripts/run-tests.ts) sets FAST_PATHS=off.
    ...(process.env.FAST_PATHS ? { FAST_PATHS: process.env.FAST_PATHS } : {}),
    ...options.env,
  });
  config.artDir =
    options.artDir === undefined
      ? fs.existsSync(config.artDir ?? '')
        ? config.artDir
        : null
      : options.artDir;
  const titans = await createApp(config, {
    logger: options.logger ?? false,
    arena: options.arena,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await titans.app.listen({ port: 0, host: '127.0.0.1' });
  const address = titans.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  const initData: TestApp['initData'] = (user, signOptions) =>
    signInitData(
      typeof user === 'number' ? { id: user, first_name: `Player${user}`, username: `player${user}` } : user,
      config.botToken,
      signOptions,
    );

  return {
    ...titans,
    url,
    config,
    initData,
    async call(userId, method, route, body, headers = {}) {
      const requestHeaders: Record<string, string> = { ...headers };
      if (userId !== null) requestHeaders.authorization = `tma ${initData(userId)}`;
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        requestHeaders['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${route}`, { method, headers: requestHeaders, body: payload });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        parsed = { raw: text };
      }
      return { status: response.status, body: parsed };
    },
    async close() {
      await titans.app.close();
      await postgres?.drop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user with the first free hero selected; returns their database id. */
export async function readyPlayer(t: TestApp, telegramId: number): Promise<string> {
  const registered = await t.call(telegramId, 'POST', '/v1/user/register', { telegram_user_id: telegramId });
  expect([200, 201]).toContain(registered.status);
  const [hero] = await t.database.db.select().from(characters).where(eq(characters.isFree, true)).limit(1);
  const selected = await t.call(telegramId, 'POST', `/v1/user/${telegramId}/select-character`, {
    characterId: hero!.id,
  });
  expect(selected.status).toBe(200);
  return registered.body.data._id as string;
}

let grants = 0;

/** Credits coins through the balance gateway, as any reward does (one ledger row). */
export async function grantCoins(t: TitansApp, userId: string, coins: number): Promise<number> {
  const result = await t.gateway.change(userId, (money) =>
    money.apply({
      userId,
      currency: 'coins',
      delta: coins,
      reason: 'test-grant',
      idempotencyKey: `grant:${userId}:${++grants}:${randomBytes(4).toString('hex')}`,
    }),
  );
  if (!result.ok) throw new Error(`grant failed: ${result.code}`);
  return result.value;
}

/** L1: a player's balances equal the sum of their ledger rows, per currency. */
export async function ledgerMatches(
  t: TitansApp,
  userId: string,
): Promise<{ coins: number; ledger: number }> {
  const [row] = await t.database.query<{ coins: number | string; ledger: number | string }>(
    `select u.coins, coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'coins'), 0) as ledger
       from users u where u.id = $1`,
    [userId],
  );
  return { coins: Number(row?.coins), ledger: Number(row?.ledger) };
}

/** A clock the test moves by hand, starting now. */
export function manualClock(start = Date.now()) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  });
}
