// Fenced: written against drizzle-orm 0.45.4 (the types its PGlite session reads as text, in
// drizzle-orm/pglite/session.js) and @electric-sql/pglite 0.5.16 (its table of parsers). The
// versions are pinned in apps/server/package.json; test/pglite-parsers.test.ts holds the values to
// PGlite's own, and test/platform-contract.test.ts checks the versions.
import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { withMethods } from '../pglite/with-methods.ts';

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
 * Drizzle passes its parsers with every PGlite statement, and PGlite copies its whole table of
 * parsers (an entry for every type and array type) to merge them in, a large share of a drizzle
 * update or select by id on PGlite (docs/benchmarks.md). So the
 * instance's table takes drizzle's parsers once, `forDrizzle` drops the per-statement copy, and
 * `rows` gives the app's raw SQL the values PGlite (and node-postgres) would give it: `Date`s for
 * timestamps and dates, parsed arrays.
 */
export class PgliteParsers {
  /** PGlite's own parsers for the types the instance now reads as text. */
  private readonly own = new Map<number, Parser>();

  /**
   * `install` false (FAST_PATHS without pglite-parsers) leaves PGlite's table and drizzle's
   * statements as they are; `rows` still turns text that drizzle's parsers left into PGlite's values.
   */
  constructor(
    client: PGlite,
    private readonly install = true,
  ) {
    const table = client.parsers;
    for (const [scalar, { array }] of TEXT_TYPES) {
      const parse = table[scalar] ?? asText;
      this.own.set(scalar, parse);
      this.own.set(array, (value) => types.arrayParser(value, parse, array));
      if (!install) continue;
      table[scalar] = asText;
      table[array] = asText;
    }
    const numeric = table[types.NUMERIC] ?? asText;
    this.own.set(NUMERIC_ARRAY, (value) => types.arrayParser(value, numeric, NUMERIC_ARRAY));
    if (install) table[NUMERIC_ARRAY] = asText;
  }

  /** Rows of a raw statement's result, with PGlite's usual values for the types read as text. */
  rows<Row>(result: RowsAndFields<Row>): Row[] {
    return parseTextValues(result, this.own);
  }

  /** The client as drizzle should see it: its per-statement parsers, now in the table, are left out. */
  forDrizzle(client: PGlite): PGlite {
    if (!this.install) return client;
    return withMethods(client, {
      query: withoutStatementParsers(client),
      transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
        client.transaction((tx) => work(withMethods(tx, { query: withoutStatementParsers(tx) }))),
    });
  }
}

/** The client's `query`, with drizzle's per-statement parsers dropped from its options. */
function withoutStatementParsers(client: Pick<PGlite, 'query'>): PGlite['query'] {
  return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    client.query<T>(text, params, options?.parsers ? drop(options) : options);
}

/** The options without drizzle's parsers; any other parser is kept, and the copy with it. */
function drop(options: QueryOptions): QueryOptions {
  const { parsers = {}, ...rest } = options;
  const others = Object.entries(parsers).filter(([oid]) => !isTextType(Number(oid)));
  if (others.length === 0) return rest;
  return { ...rest, parsers: Object.fromEntries(others) };
}

function isTextType(oid: number): boolean {
  if (oid === NUMERIC_ARRAY || TEXT_TYPES.has(oid)) return true;
  for (const { array } of TEXT_TYPES.values()) if (array === oid) return true;
  return false;
}
