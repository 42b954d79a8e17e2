import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A plain SQL call for hot paths that pass whole arrays as one parameter (UPDATE … FROM unnest). */
export type RawQuery = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs one statement outside drizzle; inside `rawTransaction` it joins that transaction. */
  query: RawQuery;
  /** Runs `work` in one transaction on one connection, with the raw query bound to it. */
  rawTransaction<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// node-postgres returns int8 and numeric as strings; balances fit in a double, so parse them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** Errors of idle pooled connections (a restarted or failed-over database); the pool replaces them. */
  onIdleError?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, else PGlite in the data folder, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(drizzlePg(pool), { migrationsFolder });
  const query: RawQuery = async (text, params) => (await pool.query(text, params)).rows;
  return {
    kind: 'postgres',
    db,
    query,
    async rawTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const query: RawQuery = async (text, params) => (await client.query(text, params)).rows as never;
  return {
    kind: 'pglite',
    db,
    query,
    rawTransaction: (work) =>
      client.transaction(async (tx) =>
        work(async (text, params) => (await tx.query(text, params)).rows as never),
      ),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      lock.release();
    },
  };
}
