// Fenced: written against drizzle-orm 0.45.4 (a transaction's private `session` and its `client`,
// with both the PGlite and the node-postgres driver). The version is pinned in
// apps/server/package.json; test/platform-contract.test.ts checks it and that the path is taken,
// and test/database-transaction.test.ts that raw statements join the transaction.
import { fastPathCounts } from '../fast-path-counts.ts';

/** What drizzle's session holds with either driver: a PGlite transaction handle, a pool client. */
export interface TransactionConnection {
  query<Row>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; fields: { name: string; dataTypeID: number }[] }>;
}

function isConnection(value: unknown): value is TransactionConnection {
  return typeof value === 'object' && value !== null && 'query' in value && typeof value.query === 'function';
}

/** The connection a drizzle transaction runs its statements on, to run raw SQL text in it. */
export function transactionConnection(tx: object): TransactionConnection {
  // Both fields are private in drizzle's types, so they are read by name.
  const session: unknown = Reflect.get(tx, 'session');
  const client: unknown = typeof session === 'object' && session ? Reflect.get(session, 'client') : undefined;
  if (!isConnection(client)) throw new Error("drizzle's transaction has no client to query");
  fastPathCounts.transactionConnection++;
  return client;
}
