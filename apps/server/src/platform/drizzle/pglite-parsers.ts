// Fenced: written against drizzle-orm 0.45.4 (the types its sessions read as text, in
// drizzle-orm/pglite/session.js and node-postgres/session.js) and @electric-sql/pglite 0.5.16 (its
// table of parsers). The versions are pinned in apps/server/package.json; test/pglite-parsers.test.ts
// holds the values to PGlite's own, and test/platform-contract.test.ts checks the versions.
import { type PGlite, types } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;

/** A statement's rows and the types of its columns, as PGlite and node-postgres both answer. */
export interface RowsAndFields<Row> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
}

/** numeric[], the only array drizzle reads as text whose element it does not also read as text. */
const NUMERIC_ARRAY = 1231;

/**
 * The types drizzle reads as text and converts itself, with their array types
 * (drizzle-orm/pglite/session.js: timestamp, timestamptz, interval, date, and numeric[]).
 */
const TEXT_TYPES: ReadonlyMap<number, { array: number }> = new Map([
  [types.TIMESTAMP, { array: 1115 }],
  [types.TIMESTAMPTZ, { array: 1185 }],
  [types.INTERVAL, { array: 1187 }],
  [types.DATE, { array: 1182 }],
]);

const asText: Parser = (value) => value;

/** The types drizzle reads as text (its per-statement parsers with either driver). */
export function drizzleTextTypes(): number[] {
  return [NUMERIC_ARRAY, ...[...TEXT_TYPES].flatMap(([scalar, { array }]) => [scalar, array])];
}

/** Converts, in place, the values of the given types that arrived as text with their parsers. */
export function parseTextValues<Row>(
  result: RowsAndFields<Row>,
  parsers: ReadonlyMap<number, Parser>,
): Row[] {
  const convert: [string, Parser][] = [];
  for (const field of result.fields) {
    const parse = parsers.get(field.dataTypeID);
    if (parse) convert.push([field.name, parse]);
  }
  if (convert.length === 0) return result.rows;
  for (const row of result.rows) {
    if (typeof row !== 'object' || row === null) continue;
    for (const [name, parse] of convert) {
      const value: unknown = Reflect.get(row, name);
      if (typeof value === 'string') Reflect.set(row, name, parse(value));
    }
  }
  return result.rows;
}

/**
 * PGlite's own parsers for the types drizzle reads as text: raw SQL run through drizzle's
 * `execute` inside a transaction comes back with those columns as text, and `parseTextValues`
 * with this table gives it the values PGlite (and node-postgres) would give: `Date`s for
 * timestamps and dates, parsed arrays.
 */
export function pgliteTextParsers(client: PGlite): ReadonlyMap<number, Parser> {
  const table = client.parsers;
  const own = new Map<number, Parser>();
  for (const [scalar, { array }] of TEXT_TYPES) {
    const parse = table[scalar] ?? asText;
    own.set(scalar, parse);
    own.set(array, (value) => types.arrayParser(value, parse, array));
  }
  const numeric = table[types.NUMERIC] ?? asText;
  own.set(NUMERIC_ARRAY, (value) => types.arrayParser(value, numeric, NUMERIC_ARRAY));
  return own;
}
