import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * How each column type reads in a raw row (`Database.query`, `MoneyContext.query`) as drizzle
 * would map it: most as the driver gives them, a date kept as its text. A type not listed has no
 * raw reading here yet: `selectList` refuses it rather than answer a different value.
 */
const READ_AS: Record<string, string> = {
  PgUUID: '',
  PgText: '',
  PgVarchar: '',
  PgInteger: '',
  PgBigInt53: '',
  PgBoolean: '',
  PgTimestamp: '',
  PgDateString: '::text',
};

/**
 * A select list for raw SQL, built once from drizzle columns: `"energy" as "energy",
 * "free_refills_day"::text as "freeRefillsDay"`. Its rows have the keys and values a drizzle
 * select of the same columns would give, without drizzle building the query on every call.
 */
export function selectList(columns: Record<string, PgColumn>): string {
  return Object.entries(columns)
    .map(([key, column]) => {
      const cast = READ_AS[column.columnType];
      if (cast === undefined) throw new Error(`selectList: no raw reading for ${column.columnType} (${key})`);
      return `"${column.name}"${cast} as "${key}"`;
    })
    .join(', ');
}
