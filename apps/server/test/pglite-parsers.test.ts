import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import * as schema from '../src/db/schema.ts';
import { openTestPglite } from './helpers/pglite-template.ts';

/** Every type the instance's table changes, scalar and array, next to values it does not change. */
const EVERY_TYPE = `select
  timestamp '2026-11-24 08:30:00.123' as ts,
  timestamptz '2026-11-24 08:30:00.123+02' as tstz,
  interval '1 day 02:03:04' as iv,
  date '2026-11-24' as d,
  array[timestamp '2026-01-02 03:04:05'] as ts_array,
  array[timestamptz '2026-01-02 03:04:05+00', null] as tstz_array,
  array[interval '5 minutes'] as iv_array,
  array[date '2026-01-02'] as d_array,
  array[1.5, 2.25]::numeric[] as numeric_array,
  1.5::numeric as n,
  42::int8 as big,
  'text' as t,
  null::timestamptz as nothing`;

describe("PGlite's values for the types drizzle reads as text, in raw SQL and in drizzle", () => {
  let database: Database;
  let close: () => Promise<void>;
  let plain: PGlite;
  let userId: string;

  beforeAll(async () => {
    ({ database, close } = await openTestPglite('titans-parsers-'));
    plain = await PGlite.create();
    const [user] = await database.query<{ id: string }>(
      `insert into users (telegram_user_id, energy, referral_code, free_refills_day, last_free_refill_at)
       values (7, 100, 'parsers', '2026-11-24', '2026-11-24T08:30:00.123Z') returning id`,
    );
    userId = user!.id;
  });

  afterAll(async () => {
    await close();
    await plain.close();
  });

  it('raw SQL reads every type as an untouched PGlite does, outside and inside a transaction', async () => {
    const [expected] = (await plain.query(EVERY_TYPE)).rows;
    expect((expected as { tstz: unknown }).tstz).toBeInstanceOf(Date);
    expect((await database.query(EVERY_TYPE))[0]).toEqual(expected);
    expect((await database.urgent((query) => query(EVERY_TYPE)))[0]).toEqual(expected);
    const inTransaction = await database.rawTransaction(async (query) => (await query(EVERY_TYPE))[0]);
    expect(inTransaction).toEqual(expected);
    // Inside a drizzle transaction raw SQL runs through drizzle's `execute`, which reads these as text.
    const inDrizzle = await database.transaction(async (_tx, query) => (await query(EVERY_TYPE))[0]);
    expect(inDrizzle).toEqual(expected);
  });

  it('drizzle reads rows as it does with its own per-statement parsers', async () => {
    const own = drizzle(plain);
    const expected = await own.execute(sql.raw(EVERY_TYPE));
    const shared = (await database.db.execute(sql.raw(EVERY_TYPE))) as { rows: unknown[] };
    expect(shared.rows).toEqual(expected.rows);
    expect((shared.rows[0] as { tstz: unknown }).tstz).toBe('2026-11-24 06:30:00.123+00');

    const [user] = await database.db
      .select({ day: schema.users.freeRefillsDay, at: schema.users.lastFreeRefillAt })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    expect(user).toEqual({ day: '2026-11-24', at: new Date('2026-11-24T08:30:00.123Z') });
    const inTransaction = await database.db.transaction(async (tx) =>
      tx.select({ at: schema.users.lastFreeRefillAt }).from(schema.users).where(eq(schema.users.id, userId)),
    );
    expect(inTransaction).toEqual([{ at: new Date('2026-11-24T08:30:00.123Z') }]);
  });
});
