import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/database.ts';
import { characters, dailyRewards, diamondPackages, items, quizzes, tasks } from '../db/schema.ts';
import { CATALOGUE_FILES, type Catalogue, type CatalogueName } from './catalogue-schema.ts';

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue has problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

/** Reads and checks every catalogue file, including references between them and to the art. */
export async function readCatalogue(catalogueDir: string, publicDir: string | null): Promise<Catalogue> {
  const problems: string[] = [];
  const catalogue: Partial<Record<CatalogueName, unknown>> = {};
  for (const [name, schema] of Object.entries(CATALOGUE_FILES) as Array<
    [CatalogueName, (typeof CATALOGUE_FILES)[CatalogueName]]
  >) {
    const file = path.join(catalogueDir, `${name}.json`);
    let raw: unknown;
    try {
      raw = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (error) {
      problems.push(`${name}.json: ${(error as Error).message}`);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = issue.path.length > 0 ? ` ${issue.path.join('.')}` : '';
        problems.push(`${name}.json${where}: ${issue.message}`);
      }
      continue;
    }
    const ids = new Set<string | number>();
    for (const entry of parsed.data as Array<{ id?: string; day?: number }>) {
      const key = entry.id ?? entry.day;
      if (key === undefined) continue;
      if (ids.has(key)) problems.push(`${name}.json: duplicate id ${key}`);
      ids.add(key);
    }
    catalogue[name] = parsed.data;
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  const complete = catalogue as Catalogue;

  const quizIds = new Set(complete.quizzes.map((quiz) => quiz.id));
  const itemIds = new Set(complete.items.map((item) => item.id));
  for (const task of complete.tasks) {
    if (task.type === 'QUIZ' && (!task.metadata.quizId || !quizIds.has(task.metadata.quizId))) {
      problems.push(`tasks.json ${task.id}: quiz task needs metadata.quizId of an existing quiz`);
    }
  }
  for (const reward of complete['daily-rewards']) {
    if (reward.reward_type === 'item' && (!reward.item_id || !itemIds.has(reward.item_id))) {
      problems.push(
        `daily-rewards.json day ${reward.day}: item reward needs the item_id of an existing item`,
      );
    }
  }
  if (!complete.characters.some((character) => character.is_free)) {
    problems.push('characters.json: at least one free starter hero is needed for hero choice');
  }
  if (publicDir) {
    const pictures = [
      ...complete.characters.map((entry) => entry.image),
      ...complete.items.map((entry) => entry.image_url),
      ...complete['daily-rewards'].map((entry) => entry.image_url),
      ...complete['diamond-packages'].map((entry) => entry.image_url),
      ...complete.tasks.flatMap((entry) => (entry.metadata.image_url ? [entry.metadata.image_url] : [])),
    ];
    for (const picture of new Set(pictures)) {
      try {
        await fs.access(path.join(publicDir, picture));
      } catch {
        problems.push(`missing art: ${picture} (expected under ${publicDir})`);
      }
    }
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  return complete;
}

/** ON CONFLICT DO UPDATE of every column but the key and created_at, from the proposed row. */
function upsertSet(table: PgTable, keep: string[]) {
  const set: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>) {
    if (keep.includes(column.name)) continue;
    set[property] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

async function upsertAll<Row extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable & { id: PgColumn; isActive: PgColumn },
  rows: Row[],
  keep: string[] = [],
): Promise<string[]> {
  if (rows.length > 0) {
    await tx
      .insert(table)
      .values(rows as never)
      .onConflictDoUpdate({
        target: table.id,
        set: upsertSet(table, ['id', 'created_at', ...keep]) as never,
      });
  }
  // Rows gone from the file stay for the players who own them, but leave the shop.
  const ids = rows.map((row) => row.id as string);
  const left: Array<{ id: unknown }> = await tx
    .update(table)
    .set({ isActive: false } as never)
    .where(and(eq(table.isActive, true), ids.length > 0 ? notInArray(table.id, ids) : undefined))
    .returning({ id: table.id });
  return left.map((row) => String(row.id));
}

/** What a load changed beyond the upserts: the ids per file that left the shop. */
export interface CatalogueLoad {
  deactivated: Partial<Record<CatalogueName, string[]>>;
}

/** True when a database error is a CHECK violation (SQLSTATE 23514), however wrapped. */
function isCheckViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === '23514') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Loads the catalogue into the database idempotently: every row is upserted by id in one
 * transaction, so restarting (or `npm run ops -- catalogue reload`) after editing a file applies
 * the edit and nothing else. A limited item's stock below what has been sold is refused with a
 * CatalogueError and nothing changes (C4). `within` runs last in the same transaction (the
 * operator's audit row).
 */
export async function loadCatalogue(
  database: Database,
  catalogue: Catalogue,
  options: { now: number; within?: (tx: Tx, load: CatalogueLoad) => Promise<void> },
): Promise<CatalogueLoad> {
  const now = new Date(options.now);
  const load: CatalogueLoad = { deactivated: {} };
  const noteLeft = (name: CatalogueName, ids: string[]) => {
    if (ids.length > 0) load.deactivated[name] = ids;
  };
  try {
    await database.db.transaction(async (tx) => {
      await checkStock(tx, catalogue);
      await writeCatalogue(tx, catalogue, now, noteLeft);
      await options.within?.(tx, load);
    });
  } catch (error) {
    // A sale that landed between the stock check and the write (PostgreSQL, another process).
    if (isCheckViolation(error))
      throw new CatalogueError([
        'items.json: a stock is now below the number already sold (sold meanwhile); nothing was changed',
      ]);
    throw error;
  }
  return load;
}

/** C4: a limited item's stock may not go below the copies already sold (items_sold_within_stock). */
async function checkStock(tx: Tx, catalogue: Catalogue) {
  const limited = catalogue.items.filter((item) => item.stock !== null);
  if (limited.length === 0) return;
  const sold = await tx
    .select({ id: items.id, sold: items.sold })
    .from(items)
    .where(
      inArray(
        items.id,
        limited.map((item) => item.id),
      ),
    );
  const soldById = new Map(sold.map((row) => [row.id, row.sold]));
  const problems: string[] = [];
  for (const { id, stock } of limited) {
    const copies = soldById.get(id) ?? 0;
    if (stock !== null && copies > stock)
      problems.push(`items.json ${id}: stock ${stock} is below the ${copies} already sold`);
  }
  if (problems.length > 0) throw new CatalogueError(problems);
}

async function writeCatalogue(
  tx: Tx,
  catalogue: Catalogue,
  now: Date,
  noteLeft: (name: CatalogueName, ids: string[]) => void,
) {
  noteLeft(
    'characters',
    await upsertAll(
      tx,
      characters,
      catalogue.characters.map((entry, index) => ({
        id: entry.id,
        name: entry.name,
        description: entry.description,
        race: entry.race,
        type: entry.type,
        image: entry.image,
        rarity: entry.rarity,
        level: entry.level,
        health: entry.health,
        power: entry.power,
        defense: entry.defense,
        speed: entry.speed,
        experience: 0,
        tapValue: entry.tap_value,
        isFree: entry.is_free,
        isLimited: entry.is_limited,
        price: entry.price,
        currency: entry.currency,
        sortOrder: index,
        isActive: true,
        updatedAt: now,
      })),
    ),
  );
  noteLeft(
    'items',
    await upsertAll(
      tx,
      items,
      catalogue.items.map((entry, index) => ({
        id: entry.id,
        name: entry.name,
        description: entry.description,
        imageUrl: entry.image_url,
        itemType: entry.item_type,
        rarity: entry.rarity,
        price: entry.price,
        currency: entry.currency,
        effects: entry.effects as Record<string, number>,
        isLimited: entry.is_limited,
        stock: entry.stock,
        sortOrder: index,
        isActive: true,
        updatedAt: now,
      })),
      // `sold` counts real sales, not catalogue content: a restart must not reset it.
      ['sold'],
    ),
  );
  noteLeft(
    'quizzes',
    await upsertAll(
      tx,
      quizzes,
      catalogue.quizzes.map((entry) => ({
        id: entry.id,
        title: entry.title,
        description: entry.description,
        questions: entry.questions,
        isActive: true,
        updatedAt: now,
      })),
    ),
  );
  noteLeft(
    'tasks',
    await upsertAll(
      tx,
      tasks,
      catalogue.tasks.map((entry, index) => ({
        id: entry.id,
        title: entry.title,
        description: entry.description,
        type: entry.type,
        rewardPoints: entry.reward_points,
        metadata: entry.metadata as Record<string, unknown>,
        sortOrder: index,
        isActive: true,
        updatedAt: now,
      })),
    ),
  );
  noteLeft(
    'diamond-packages',
    await upsertAll(
      tx,
      diamondPackages,
      catalogue['diamond-packages'].map((entry, index) => ({
        id: entry.id,
        name: entry.name,
        description: entry.description,
        imageUrl: entry.image_url,
        diamondAmount: entry.diamond_amount,
        priceStars: entry.price_stars,
        priceCrypto: entry.price_crypto,
        cryptoCurrency: entry.crypto_currency,
        discountPercentage: entry.discount_percentage,
        sortOrder: index,
        isActive: true,
        updatedAt: now,
      })),
    ),
  );
  await tx.delete(dailyRewards);
  if (catalogue['daily-rewards'].length > 0) {
    await tx.insert(dailyRewards).values(
      catalogue['daily-rewards'].map((entry) => ({
        day: entry.day,
        rewardType: entry.reward_type,
        amount: entry.amount,
        itemId: entry.item_id ?? null,
        name: entry.name,
        imageUrl: entry.image_url,
        updatedAt: now,
      })),
    );
  }
}
