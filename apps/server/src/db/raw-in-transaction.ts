import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { RowsAndFields } from '../platform/drizzle/pglite-parsers.ts';

/**
 * Raw SQL text with `$1`, `$2`… as drizzle's SQL for `tx.execute`: how the hot paths' fixed
 * statements run inside a drizzle transaction. Each placeholder becomes one parameter, an array
 * included.
 */
export function sqlOfText(text: string, params: unknown[] = []): SQL {
  const chunks: SQLChunk[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql.param(params[Number(match[1]) - 1]));
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** What `tx.execute` answers with either driver: rows and the types of their columns. */
export function isRowsAndFields<Row>(value: unknown): value is RowsAndFields<Row> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'rows' in value &&
    Array.isArray(value.rows) &&
    'fields' in value &&
    Array.isArray(value.fields)
  );
}
