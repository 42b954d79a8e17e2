/**
 * The database side of bench-taps: a fresh database per run (PGlite in a temp data folder, or
 * a throw-away PostgreSQL database when DATABASE_URL is set), the ledger totals read after the
 * server has stopped, and the naive one-transaction-per-tap design measured on the same kind
 * of database for comparison.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface LedgerTotals {
  users: number;
  /** sum(delta) of ledger rows with reason 'tap'. */
  ledgerTapCoins: number;
  ledgerTapRows: number;
  coins: number;
  totalTaps: number;
}

export interface NaiveResult {
  design: string;
  concurrency: number;
  seconds: number;
  taps: number;
  tapsPerSecond: number;
}

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for the real server. */
  serverEnv: Record<string, string>;
  /** Where the data lives, for the report. */
  label: string;
  /** Durability settings that bear on the figures. */
  settings(): Promise<Record<string, string>>;
  /** Command lines of the database processes serving the bench (their CPU is the system under test's). */
  processPattern: RegExp | null;
  /** Read after the server has stopped. */
  totals(): Promise<LedgerTotals>;
  /**
   * Gives players coins through the ledger (one row each), while the server is stopped, so the
   * mixed phase's purchasers can pay: no REST route may create money.
   */
  fund(telegramIds: number[], coins: number): Promise<void>;
  /** Per player: coins and the sum of their coin ledger rows, for the players given. Read after a stop. */
  balances(telegramIds: number[]): Promise<Map<number, { coins: number; ledger: number; levels: number[] }>>;
  naive(seconds: number): Promise<NaiveResult>;
  dispose(): Promise<void>;
}

const TOTALS_SQL = {
  ledger: `select coalesce(sum(delta), 0)::bigint as sum, count(*)::bigint as rows from ledger where reason = 'tap'`,
  users: `select count(*)::bigint as users, coalesce(sum(coins), 0)::bigint as coins,
                 coalesce(sum(total_taps), 0)::bigint as taps from users`,
};

const NAIVE_USERS = 1000;
const NAIVE_SCHEMA = [
  `create table naive_users (
     id bigint primary key,
     coins bigint not null default 0 check (coins >= 0),
     energy integer not null default 1000000000 check (energy >= 0),
     updated_at timestamptz not null default now())`,
  `create table naive_ledger (
     id bigserial primary key,
     user_id bigint not null references naive_users (id),
     currency text not null,
     delta bigint not null,
     balance_after bigint not null,
     reason text not null,
     idempotency_key text not null unique,
     meta jsonb not null default '{}',
     created_at timestamptz not null default now())`,
  'create index naive_ledger_user_idx on naive_ledger (user_id, created_at)',
  `insert into naive_users (id) select generate_series(1, ${NAIVE_USERS})`,
];
const NAIVE_UPDATE =
  'update naive_users set coins = coins + 10, energy = energy - 1, updated_at = now() where id = $1 returning coins';
const NAIVE_INSERT = `insert into naive_ledger (user_id, currency, delta, balance_after, reason, idempotency_key, meta)
  values ($1, 'coins', 10, $2, 'tap', $3, '{"taps":1}')`;

const num = (value: unknown) => Number(value ?? 0);

// One statement: each named player gets `coins` and the ledger row that explains them.
const FUND_SQL = `
with funded as (
  update users set coins = coins + $2, total_coins_earned = total_coins_earned + $2
   where telegram_user_id = any($1::bigint[])
  returning id, coins
)
insert into ledger (user_id, currency, delta, balance_after, reason, idempotency_key)
select id, 'coins', $2, coins, 'bench-funding', 'bench-funding:' || id from funded`;

const BALANCES_SQL = `
select u.telegram_user_id::text as telegram_id, u.coins::bigint as coins,
       coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'coins'), 0)::bigint as ledger,
       u.tap_power_level as l0, u.energy_capacity_level as l1, u.energy_regen_level as l2,
       u.cooldown_reduction_level as l3
  from users u where u.telegram_user_id = any($1::bigint[])`;

function toBalances(rows: Array<Record<string, unknown>>) {
  return new Map(
    rows.map((row) => [
      Number(row.telegram_id),
      { coins: num(row.coins), ledger: num(row.ledger), levels: [row.l0, row.l1, row.l2, row.l3].map(num) },
    ]),
  );
}

function toTotals(ledger: Record<string, unknown>, users: Record<string, unknown>): LedgerTotals {
  return {
    users: num(users.users),
    ledgerTapCoins: num(ledger.sum),
    ledgerTapRows: num(ledger.rows),
    coins: num(users.coins),
    totalTaps: num(users.taps),
  };
}

/** PGlite in a fresh temp data folder; the server gets DATA_DIR. */
export async function pgliteBenchDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-bench-'));
  const naiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-bench-naive-'));
  const { PGlite } = await import('@electric-sql/pglite');
  return {
    kind: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    label: `PGlite (${dataDir})`,
    async settings() {
      return { engine: 'PGlite (WASM PostgreSQL, in the server process)' };
    },
    processPattern: null,
    async totals() {
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        const ledger = (await db.query<Record<string, unknown>>(TOTALS_SQL.ledger)).rows[0]!;
        const users = (await db.query<Record<string, unknown>>(TOTALS_SQL.users)).rows[0]!;
        return toTotals(ledger, users);
      } finally {
        await db.close();
      }
    },
    async fund(telegramIds, coins) {
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        await db.query(FUND_SQL, [telegramIds, coins]);
      } finally {
        await db.close();
      }
    },
    async balances(telegramIds) {
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        return toBalances((await db.query<Record<string, unknown>>(BALANCES_SQL, [telegramIds])).rows);
      } finally {
        await db.close();
      }
    },
    async naive(seconds) {
      const db = await PGlite.create(path.join(naiveDir, 'pglite'));
      try {
        for (const statement of NAIVE_SCHEMA) await db.exec(statement);
        let taps = 0;
        const started = performance.now();
        const until = started + seconds * 1000;
        while (performance.now() < until) {
          const user = (taps % NAIVE_USERS) + 1;
          const key = `naive:${taps}`;
          await db.transaction(async (tx) => {
            const updated = await tx.query<{ coins: number }>(NAIVE_UPDATE, [user]);
            await tx.query(NAIVE_INSERT, [user, updated.rows[0]!.coins, key]);
          });
          taps++;
        }
        const elapsed = (performance.now() - started) / 1000;
        return {
          design: 'BEGIN; UPDATE users; INSERT ledger; COMMIT — one per tap',
          concurrency: 1,
          seconds: elapsed,
          taps,
          tapsPerSecond: taps / elapsed,
        };
      } finally {
        await db.close();
      }
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(naiveDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database `titans_bench_<random>` on the server of DATABASE_URL, dropped at the end. */
export async function postgresBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `titans_bench_${randomBytes(4).toString('hex')}`;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-bench-'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  let dropped = false;

  const withBench = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: benchUrl.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  return {
    kind: 'postgres',
    // DATA_DIR still holds uploads; the database is the bench one.
    serverEnv: { DATABASE_URL: benchUrl.toString(), DATA_DIR: dataDir },
    label: `PostgreSQL database ${name} on ${benchUrl.host}`,
    async settings() {
      const version = await admin.query<{ server_version: string }>('show server_version');
      const sync = await admin.query<{ synchronous_commit: string }>('show synchronous_commit');
      const fsync = await admin.query<{ fsync: string }>('show fsync');
      return {
        engine: `PostgreSQL ${version.rows[0]?.server_version}`,
        synchronous_commit: sync.rows[0]?.synchronous_commit ?? '?',
        fsync: fsync.rows[0]?.fsync ?? '?',
      };
    },
    // Backends of the bench database, and the WAL writer that its commits wait on.
    processPattern: new RegExp(`^postgres: .*(${name} |walwriter)`),
    totals: () =>
      withBench(async (client) => {
        const ledger = (await client.query(TOTALS_SQL.ledger)).rows[0] as Record<string, unknown>;
        const users = (await client.query(TOTALS_SQL.users)).rows[0] as Record<string, unknown>;
        return toTotals(ledger, users);
      }),
    fund: (telegramIds, coins) =>
      withBench(async (client) => {
        await client.query(FUND_SQL, [telegramIds, coins]);
      }),
    balances: (telegramIds) =>
      withBench(async (client) => toBalances((await client.query(BALANCES_SQL, [telegramIds])).rows)),
    async naive(seconds) {
      const concurrency = 16;
      await withBench(async (client) => {
        for (const statement of NAIVE_SCHEMA) await client.query(statement);
      });
      const workers = await Promise.all(
        Array.from({ length: concurrency }, async () => {
          const client = new pg.Client({ connectionString: benchUrl.toString() });
          await client.connect();
          return client;
        }),
      );
      let taps = 0;
      const started = performance.now();
      const until = started + seconds * 1000;
      try {
        await Promise.all(
          workers.map(async (client, worker) => {
            // Each worker taps for its own users, as distinct players would: no row lock waits.
            for (let n = 0; performance.now() < until; n++) {
              const user = ((worker + n * concurrency) % NAIVE_USERS) + 1;
              await client.query('begin');
              const updated = await client.query<{ coins: number }>(NAIVE_UPDATE, [user]);
              await client.query(NAIVE_INSERT, [user, updated.rows[0]!.coins, `naive:${worker}:${n}`]);
              await client.query('commit');
              taps++;
            }
          }),
        );
      } finally {
        await Promise.all(workers.map((client) => client.end()));
      }
      const elapsed = (performance.now() - started) / 1000;
      return {
        design: 'BEGIN; UPDATE users; INSERT ledger; COMMIT — one per tap',
        concurrency,
        seconds: elapsed,
        taps,
        tapsPerSecond: taps / elapsed,
      };
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dropped) return;
      dropped = true;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
