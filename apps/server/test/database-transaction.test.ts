import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boostColumns } from '../src/boosts/boost-view.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { ledger, users } from '../src/db/schema.ts';
import { selectList } from '../src/db/select-list.ts';
import { changeBalance } from '../src/ledger/ledger.ts';
import { openTestPglite } from './helpers/pglite-template.ts';
import { createPostgresDatabase, describeEachDatabase } from './helpers/test-app.ts';

/**
 * `Database.transaction`: one drizzle transaction whose raw query runs on the same connection
 * (a balance change's fixed statements are SQL text, built once), on both databases.
 */
describeEachDatabase('Database.transaction and raw select lists', (kind) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let telegramId = 5_100;

  const insertUser = (query: Database['query']) =>
    query<{ id: string }>(
      `insert into users (telegram_user_id, energy, referral_code, free_refills_day, last_free_refill_at, coins)
       values ($1, 100, $2, '2026-11-24', '2026-11-24T08:30:00.123Z', 500) returning id`,
      [++telegramId, `txtest${telegramId}`],
    );

  beforeAll(async () => {
    if (kind === 'postgres') {
      const postgres = await createPostgresDatabase();
      database = await openDatabase({ databaseUrl: postgres.url, dataDir: '', poolSize: 4 });
      cleanup = async () => {
        await database.close();
        await postgres.drop();
      };
    } else {
      ({ database, close: cleanup } = await openTestPglite('titans-tx-'));
    }
  });

  afterAll(() => cleanup());

  it('the raw query and drizzle see each other in the transaction, and commit together', async () => {
    const id = await database.transaction(async (tx, query) => {
      const [row] = await insertUser(query);
      const [seen] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, row!.id));
      expect(seen).toEqual({ coins: 500 });
      await tx.update(users).set({ coins: 700 }).where(eq(users.id, row!.id));
      expect(await query('select coins from users where id = $1', [row!.id])).toEqual([{ coins: 700 }]);
      return row!.id;
    });
    expect(await database.query('select coins from users where id = $1', [id])).toEqual([{ coins: 700 }]);
  });

  it('a failure rolls back what either of them wrote', async () => {
    let id = '';
    await expect(
      database.transaction(async (tx, query) => {
        [{ id }] = (await insertUser(query)) as [{ id: string }];
        await tx.update(users).set({ coins: 900 }).where(eq(users.id, id));
        throw new Error('abort the change');
      }),
    ).rejects.toThrow('abort the change');
    expect(id).not.toBe('');
    expect(await database.query('select id from users where id = $1', [id])).toEqual([]);
  });

  it('a raw select list reads the columns as drizzle does: keys, numbers, dates, timestamps', async () => {
    const [{ id }] = (await insertUser(database.query)) as [{ id: string }];
    const [drizzled] = await database.db.select(boostColumns).from(users).where(eq(users.id, id));
    const raw = await database.query(`select ${selectList(boostColumns)} from users where id = $1`, [id]);
    expect(drizzled!.freeRefillsDay).toBe('2026-11-24');
    expect(drizzled!.lastFreeRefillAt).toEqual(new Date('2026-11-24T08:30:00.123Z'));
    expect(raw).toEqual([drizzled]);
  });

  it('a select list refuses a column type it has no raw reading for', () => {
    expect(() => selectList({ meta: ledger.meta })).toThrow(/no raw reading for PgJsonb/);
  });

  it('L1 through the raw query: a credit counts as earned, a debit past the balance changes nothing', async () => {
    const [{ id }] = (await insertUser(database.query)) as [{ id: string }];
    const credit = await database.transaction((_tx, query) =>
      changeBalance(query, {
        userId: id,
        currency: 'coins',
        delta: 250,
        reason: 'test',
        idempotencyKey: `tx-test:${id}:credit`,
        meta: { why: 'credit' },
      }),
    );
    expect(credit).toEqual({ ok: true, value: 750 });
    const refused = await database.transaction((_tx, query) =>
      changeBalance(query, {
        userId: id,
        currency: 'gems',
        delta: -1,
        reason: 'test',
        idempotencyKey: `tx-test:${id}:debit`,
        insufficient: 'boost/insufficient-coins',
      }),
    );
    expect(refused).toMatchObject({ ok: false, code: 'boost/insufficient-coins' });
    const [row] = await database.db
      .select({ coins: users.coins, gems: users.gems, earned: users.totalCoinsEarned })
      .from(users)
      .where(eq(users.id, id));
    expect(row).toEqual({ coins: 750, gems: 0, earned: 250 });
    const rows = await database.db
      .select({ delta: ledger.delta, balanceAfter: ledger.balanceAfter, meta: ledger.meta })
      .from(ledger)
      .where(eq(ledger.userId, id));
    expect(rows).toEqual([{ delta: 250, balanceAfter: 750, meta: { why: 'credit' } }]);
  });
});
