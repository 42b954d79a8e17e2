import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { FastPath } from '../config/config-types.ts';
import { drizzleTextTypes, parseTextValues, pgliteTextParsers } from '../platform/drizzle/pglite-parsers.ts';
import { PgliteStatements } from '../platform/pglite/prepared-statements.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { gatedClient, PriorityGate } from './priority-gate.ts';
import { isRowsAndFields, sqlOfText } from './raw-in-transaction.ts';
import {
  type ConnectionErrorListener,
  connectionError,
  type DatabaseHealth,
  ResilientPool,
} from './resilient-pool.ts';
import { type StorageStats, WalKeeper } from './wal-keeper.ts';

/**
 * Without drizzle's relational API (`db.query.<table>`): given the schema, drizzle builds a query
 * builder per table for every transaction, which a balance change paid for and never used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A plain SQL call for hot paths that pass whole arrays as one parameter (UPDATE … FROM unnest). */
export type RawQuery = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs one statement outside drizzle; inside `rawTransaction` it joins that transaction. */
  query: RawQuery;
  /**
   * Runs the tap flush's statements (`work` gets their query), so durable confirmation never
   * queues behind balance changes: on PGlite the flush goes before statements that are still
   * waiting and keeps PGlite for all of its statements, with no turn of the event loop between
   * two (db/priority-gate.ts); on PostgreSQL it has connections of its own, which balance changes
   * cannot all be holding. Not a transaction: each statement commits on its own. `work` must not
   * call the other methods (on PGlite they would wait for it).
   */
  urgent<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction on one connection, with the raw query bound to it. */
  rawTransaction<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one drizzle transaction and hands it that transaction's raw query as well. A hot
   * path writes its few fixed statements as SQL text, which drizzle would build again on every
   * call (CPU on the server's own thread with PGlite); the rest of the work keeps drizzle.
   */
  transaction<T>(work: (tx: Tx, query: RawQuery) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The connection's state for /health: lost connections, retries, the last error. */
  health(): DatabaseHealth;
  /** PGlite's data folder and write-ahead log sizes (null on PostgreSQL, whose server owns its disk). */
  storage(): StorageStats | null;
  /** Connections in use and statements waiting for one, for the operator's metrics. */
  pool(): PoolStats;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the main pool's connections (the flush's two are apart). PGlite: one connection,
 * busy or not, and the statements waiting at its priority gate.
 */
export interface PoolStats {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// node-postgres returns int8 and numeric as strings; balances fit in a double, so parse them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** Dropped PostgreSQL connections (a restart, failover, idle timeout); the pool replaces them. */
  onConnectionError?: ConnectionErrorListener;
  /** Failures of background maintenance (PGlite's periodic CHECKPOINT). */
  onMaintenanceError?: (error: unknown) => void;
  /** The fast paths on (D-PLATFORM-1): pglite-statements is the database's one; on by default. */
  fastPaths?: ReadonlySet<FastPath>;
}

/**
 * Raw SQL inside a drizzle transaction, through drizzle's `execute`; `parsers` turn the values of
 * the types drizzle reads as text back into the driver's own.
 */
function rawQueryIn(tx: Tx, parsers: ReadonlyMap<number, (value: string) => unknown>): RawQuery {
  return async <Row>(text: string, params?: unknown[]) => {
    const result: unknown = await tx.execute(sqlOfText(text, params));
    if (!isRowsAndFields<Row>(result)) throw new Error('drizzle answered a statement without rows');
    return parseTextValues(result, parsers);
  };
}

/** node-postgres's own values for the types drizzle reads as text (its `execute` leaves them so). */
const PG_TEXT_PARSERS = new Map(drizzleTextTypes().map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));

function fastPath(options: DatabaseOptions, path: FastPath): boolean {
  return options.fastPaths?.has(path) ?? true;
}

/** Opens PostgreSQL when a URL is given, else PGlite in the data folder, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir, options);
}

/** Connections kept for the tap flush on PostgreSQL: the periodic flush, and a balance change writing its player's taps. */
const FLUSH_CONNECTIONS = 2;

/** Both pools as one connection state: down if either is, with their counts added. */
function combinedHealth(a: DatabaseHealth, b: DatabaseHealth): DatabaseHealth {
  const latest = (b.lastErrorAt ?? '') > (a.lastErrorAt ?? '') ? b : a;
  return {
    state: a.state === 'down' || b.state === 'down' ? 'down' : 'up',
    lostConnections: a.lostConnections + b.lostConnections,
    retries: a.retries + b.retries,
    lastError: latest.lastError,
    lastErrorAt: latest.lastErrorAt,
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { poolSize, onConnectionError = () => {} } = options;
  const pool = new ResilientPool({ connectionString: url, max: poolSize });
  // The tap flush's own connections: with every pooled one held by balance changes (100 a second
  // keep all ten busy on a loaded server), a flush waiting its turn in the pool's queue made
  // every player's durable confirmation wait seconds behind other players' purchases.
  const flushPool = new ResilientPool({ connectionString: url, max: FLUSH_CONNECTIONS });
  for (const each of [pool, flushPool]) each.onConnectionError(onConnectionError);
  const db: Db = drizzlePg(pool);
  await migratePg(drizzlePg(pool), { migrationsFolder });
  const query: RawQuery = async (text, params) => (await pool.query(text, params)).rows;
  return {
    kind: 'postgres',
    db,
    query,
    urgent: (work) => work(async (text, params) => (await flushPool.query(text, params)).rows),
    async rawTransaction(work) {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        lost = connectionError(error);
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        // A connection that failed is discarded rather than returned to the pool.
        client.release(lost);
      }
    },
    transaction: (work) => db.transaction((tx) => work(tx, rawQueryIn(tx, PG_TEXT_PARSERS))),
    async ping() {
      await pool.query('select 1');
    },
    health: () => combinedHealth(pool.health, flushPool.health),
    storage: () => null,
    pool: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([pool.end(), flushPool.end()]);
    },
  };
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<Database> {
  const { onMaintenanceError = () => {} } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.join(dataDir, 'pglite'));
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    lock.release();
    throw error;
  }
  const gate = new PriorityGate();
  const raw = client;
  const textParsers = pgliteTextParsers(raw);
  const statements = fastPath(options, 'pglite-statements') ? new PgliteStatements(raw) : null;
  client = gatedClient(statements?.asClient() ?? raw, gate);
  const db: Db = drizzlePglite(client);
  const query: RawQuery = async <Row>(text: string, params?: unknown[]) =>
    (await client.query<Row>(text, params)).rows;
  const ungated: RawQuery = async <Row>(text: string, params?: unknown[]) =>
    (await (statements ?? raw).query<Row>(text, params)).rows;
  const walKeeper = new WalKeeper({
    dataPath: path.join(dataDir, 'pglite'),
    checkpoint: () => client.query('checkpoint'),
    walSinceCheckpoint: async () => {
      const { rows } = await client.query<{ since: number | string }>(
        'select (pg_current_wal_lsn() - checkpoint_lsn)::bigint as since from pg_control_checkpoint()',
      );
      return Number(rows[0]?.since ?? 0);
    },
    onError: onMaintenanceError,
  });
  walKeeper.start();
  return {
    kind: 'pglite',
    db,
    query,
    urgent: (work) => gate.run(true, () => work(ungated)),
    rawTransaction: (work) =>
      client.transaction(async (tx) =>
        work(async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows),
      ),
    transaction: (work) => db.transaction((tx) => work(tx, rawQueryIn(tx, textParsers))),
    async ping() {
      await client.query('select 1');
    },
    // PGlite runs in this process: there is no connection to lose.
    health: () => ({ state: 'up', lostConnections: 0, retries: 0, lastError: null, lastErrorAt: null }),
    storage: () => ({ ...walKeeper.stats }),
    pool: () => ({ max: 1, open: 1, idle: gate.busy ? 0 : 1, waiting: gate.waiting }),
    async close() {
      await walKeeper.stop();
      await client.close();
      lock.release();
    },
  };
}
