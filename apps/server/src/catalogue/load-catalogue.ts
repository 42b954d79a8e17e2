import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
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
  const read = <T extends { id?: string; day?: number }>(name: CatalogueName, schema: z.ZodType<T[]>) =>
    readCatalogueFile(catalogueDir, name, schema, problems);
  const parts = {
    characters: await read('characters', CATALOGUE_FILES.characters),
    items: await read('items', CATALOGUE_FILES.items),
    tasks: await read('tasks', CATALOGUE_FILES.tasks),
    quizzes: await read('quizzes', CATALOGUE_FILES.quizzes),
    'daily-rewards': await read('daily-rewards', CATALOGUE_FILES['daily-rewards']),
    'diamond-packages': await read('diamond-packages', CATALOGUE_FILES['diamond-packages']),
  };
  const { characters, items, tasks, quizzes } = parts;
  const dailyRewards = parts['daily-rewards'];
  const diamondPackages = parts['diamond-packages'];
  if (problems.length > 0 || !characters || !items || !tasks || !quizzes || !dailyRewards || !diamondPackages)
    throw new CatalogueError(problems);
  const complete: Catalogue = {
    characters,
    items,
    tasks,
    quizzes,
    'daily-rewards': dailyRewards,
    'diamond-packages': diamondPackages,
  };
  problems.push(...(await crossCheck(complete, publicDir)));
  if (problems.length > 0) throw new CatalogueError(problems);
  return complete;
}

/** One catalogue file parsed with its schema and its ids checked unique; null (with problems noted) if not. */
async function readCatalogueFile<T extends { id?: string; day?: number }>(
  catalogueDir: string,
  name: CatalogueName,
  schema: z.ZodType<T[]>,
  problems: string[],
): Promise<T[] | null> {
  const file = path.join(catalogueDir, `${name}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    problems.push(`${name}.json: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = issue.path.length > 0 ? ` ${issue.path.join('.')}` : '';
      problems.push(`${name}.json${where}: ${issue.message}`);
    }
    return null;
  }
  const ids = new Set<string | number>();
  for (const entry of parsed.data) {
    const key = entry.id ?? entry.day;
    if (key === undefined) continue;
    if (ids.has(key)) problems.push(`${name}.json: duplicate id ${key}`);
    ids.add(key);
  }
  return parsed.data;
}

/** References between the files and to the art: the problems found. */
async function crossCheck(complete: Catalogue, publicDir: string | null): Promise<string[]> {
  const problems: string[] = [];
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
  return problems;
}

/** A table the catalogue fills: rows keyed by a text id, hidden from the shop by `is_active`. */
type CatalogueTable = PgTable & { id: PgColumn; isActive: PgColumn };

/**
 * ON CONFLICT DO UPDATE of every column but the key and created_at, from the proposed row. Built
 * by property name, as drizzle cannot list a table's columns in a type when the table is a parameter.
 */
function upsertSet<T extends PgTable>(table: T, keep: string[]): PgUpdateSetSource<T> {
  const set: PgUpdateSetSource<T> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (keep.includes(column.name)) continue;
    Reflect.set(set, property, sql.raw(`excluded."${column.name}"`));
  }
  return set;
}

async function upsertAll<T extends CatalogueTable>(
  tx: Tx,
  table: T,
  rows: (PgInsertValue<T> & { id: string })[],
  keep: string[] = [],
): Promise<string[]> {
  if (rows.length > 0) {
    await tx
      .insert(table)
      .values(rows)
      .onConflictDoUpdate({ target: table.id, set: upsertSet(table, ['id', 'created_at', ...keep]) });
  }
  // Rows gone from the file stay for the players who own them, but leave the shop.
  const ids = rows.map((row) => row.id);
  const leave: PgUpdateSetSource<T> = {};
  Reflect.set(leave, 'isActive', false); // by name, as in upsertSet
  const left: Array<{ id: unknown }> = await tx
    .update(table)
    .set(leave)
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
  noteLeft('characters', await upsertAll(tx, characters, characterRows(catalogue, now)));
  // `sold` counts real sales, not catalogue content: a restart must not reset it.
  noteLeft('items', await upsertAll(tx, items, itemRows(catalogue, now), ['sold']));
  noteLeft('quizzes', await upsertAll(tx, quizzes, quizRows(catalogue, now)));
  noteLeft('tasks', await upsertAll(tx, tasks, taskRows(catalogue, now)));
  noteLeft('diamond-packages', await upsertAll(tx, diamondPackages, packageRows(catalogue, now)));
  await writeDailyRewards(tx, catalogue, now);
}

function characterRows(catalogue: Catalogue, now: Date) {
  return catalogue.characters.map((entry, index) => ({
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
  }));
}

function itemRows(catalogue: Catalogue, now: Date) {
  return catalogue.items.map((entry, index) => ({
    id: entry.id,
    name: entry.name,
    description: entry.description,
    imageUrl: entry.image_url,
    itemType: entry.item_type,
    rarity: entry.rarity,
    price: entry.price,
    currency: entry.currency,
    effects: definedNumbers(entry.effects),
    isLimited: entry.is_limited,
    stock: entry.stock,
    sortOrder: index,
    isActive: true,
    updatedAt: now,
  }));
}

/** The entries whose value is a number: an absent boost is no key (as JSON would store it). */
function definedNumbers(record: Record<string, number | undefined>): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) numbers[key] = value;
  return numbers;
}

function quizRows(catalogue: Catalogue, now: Date) {
  return catalogue.quizzes.map((entry) => ({
    id: entry.id,
    title: entry.title,
    description: entry.description,
    questions: entry.questions,
    isActive: true,
    updatedAt: now,
  }));
}

function taskRows(catalogue: Catalogue, now: Date) {
  return catalogue.tasks.map((entry, index) => ({
    id: entry.id,
    title: entry.title,
    description: entry.description,
    type: entry.type,
    rewardPoints: entry.reward_points,
    metadata: entry.metadata,
    sortOrder: index,
    isActive: true,
    updatedAt: now,
  }));
}

function packageRows(catalogue: Catalogue, now: Date) {
  return catalogue['diamond-packages'].map((entry, index) => ({
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
  }));
}

/** Daily rewards are keyed by day and owned by no player: replaced whole. */
async function writeDailyRewards(tx: Tx, catalogue: Catalogue, now: Date) {
  await tx.delete(dailyRewards);
  if (catalogue['daily-rewards'].length === 0) return;
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
