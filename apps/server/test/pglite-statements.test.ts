import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PgliteStatements } from '../src/platform/pglite/prepared-statements.ts';

const SETUP = `
  create table players (id serial primary key, name text not null unique, coins bigint not null default 0,
    seen timestamptz, tags text[], meta jsonb);
  insert into players (name, coins, seen, tags, meta)
    values ('ada', 10, '2026-11-24T08:00:00Z', '{a,b}', '{"x":1}'), ('bob', 20, null, null, null);`;

describe('PGlite prepared statements (one call per statement, parsed once)', () => {
  let client: PGlite;
  let plain: PGlite;
  let statements: PgliteStatements;

  beforeAll(async () => {
    [client, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  });

  beforeEach(async () => {
    for (const each of [client, plain]) await each.exec(`drop table if exists players; ${SETUP}`);
    statements = new PgliteStatements(client);
  });

  afterAll(async () => {
    await client.close();
    await plain.close();
  });

  it('answers what PGlite answers: rows, types, array rows, affected rows, parameters of every kind', async () => {
    const cases: [string, unknown[], object?][] = [
      ['select * from players order by id', []],
      ['select * from players where name = $1 and coins >= $2', ['ada', 5]],
      [
        'select * from players where seen < $1 or tags @> $2 or meta @> $3',
        [new Date('2027-01-01'), ['b'], { x: 1 }],
      ],
      ['select id, name from players order by id', [], { rowMode: 'array' }],
      ['update players set coins = coins + $1 where name = any($2) returning coins', [5, ['ada', 'bob']]],
      ['update players set coins = coins + 1 where name = $1', [null]],
      ['insert into players (name) values ($1)', ['cy']],
      ['delete from players where name = $1', ['cy']],
    ];
    // The first pass prepares every statement, the second runs the prepared ones.
    for (const pass of [1, 2]) {
      for (const [text, params, options] of cases) {
        const expected = await plain.query(text, params, options);
        expect(await statements.query(text, params, options), `${text} (pass ${pass})`).toEqual(expected);
      }
    }
    expect(statements.stats.reused).toBeGreaterThan(0);
  });

  it('a reply longer than one write from the database (5,000 rows) reads as PGlite reads it', async () => {
    const text = `select g as n, repeat('é', g % 40) as text, g * 1.5 as half, now() - g * interval '1 second' as at
                  from generate_series(1, $1::int) g`;
    for (const pass of [1, 2]) {
      const expected = await plain.query(text, [5_000]);
      const read = await statements.query(text, [5_000]);
      expect(read.rows.length, `pass ${pass}`).toBe(5_000);
      expect({ ...read, rows: read.rows.map((row) => ({ ...(row as object), at: null })) }).toEqual({
        ...expected,
        rows: expected.rows.map((row) => ({ ...(row as object), at: null })),
      });
      expect((read.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    }
  });

  it('a failing statement throws PGlite’s error with the query, prepares nothing, and leaves the session usable', async () => {
    const syntax = await statements.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601', query: 'selec 1' });
    const duplicate = await statements
      .query('insert into players (name) values ($1)', ['ada'])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', params: ['ada'] });
    const { rows } = await statements.query<{ n: number }>('select count(*)::int as n from players');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('transactions commit and roll back together; prepared statements outlive a rollback', async () => {
    const bump = 'update players set coins = coins + $1 where name = $2';
    await statements.transaction(async (tx) => {
      await tx.query(bump, [100, 'ada']);
      await tx.query(bump, [100, 'bob']);
    });
    await expect(
      statements.transaction(async (tx) => {
        await tx.query(bump, [1_000, 'ada']);
        await tx.query('insert into players (name) values ($1)', ['bob']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await statements.transaction(async (tx) => tx.query(bump, [1, 'ada']));
    const { rows } = await statements.query('select name, coins from players order by id');
    expect(rows).toEqual([
      { name: 'ada', coins: 111 },
      { name: 'bob', coins: 120 },
    ]);
  });

  it('statements outside a transaction wait for an open one, as PGlite’s own do', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const open = new Promise<void>((resolve) => (inside = resolve));
    const transaction = statements.transaction(async (tx) => {
      await tx.query('update players set coins = 0 where name = $1', ['ada']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('transaction');
    });
    await open;
    const read = statements.query<{ coins: number }>('select coins from players where name = $1', ['ada']);
    order.push('outside asked');
    expect((await read).rows).toEqual([{ coins: 0 }]);
    order.push('outside answered');
    await transaction;
    expect(order).toEqual(['outside asked', 'transaction', 'outside answered']);
  });

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    statements = new PgliteStatements(client, 3);
    const count = async () =>
      (
        await client.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where name like $1',
          [`${statements.namePrefix}%`],
        )
      ).rows[0]!.n;
    for (let i = 0; i < 6; i++) await statements.query(`select ${i} as i`);
    // The closes of evicted statements go out with the next message.
    await statements.query('select 0 as i');
    expect(await count()).toBeLessThanOrEqual(3);
    expect(statements.stats.closed).toBeGreaterThanOrEqual(3);
    expect((await statements.query('select 5 as i')).rows).toEqual([{ i: 5 }]);
  });

  it('prepares a statement again after it was deallocated or the table it reads changed', async () => {
    const read = 'select * from players where name = $1';
    expect((await statements.query(read, ['ada'])).rows).toHaveLength(1);
    await client.exec('deallocate all');
    await expect(statements.query(read, ['ada'])).rejects.toMatchObject({ code: '26000' });
    expect((await statements.query(read, ['ada'])).rows).toHaveLength(1);

    await client.exec('alter table players add column rank int');
    await expect(statements.query(read, ['ada'])).rejects.toMatchObject({ code: '0A000' });
    const [row] = (await statements.query<{ rank: number | null }>(read, ['ada'])).rows;
    expect(row).toHaveProperty('rank', null);
  });
});
