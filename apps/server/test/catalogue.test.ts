import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCatalogue } from '../src/catalogue/load-catalogue.ts';
import { characters, dailyRewards, diamondPackages, items, quizzes, tasks } from '../src/db/schema.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const repoCatalogue = path.resolve(import.meta.dirname, '../../../catalogue');
const artDir = path.resolve(import.meta.dirname, '../../web/public');

function copyCatalogue(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-catalogue-'));
  for (const file of fs.readdirSync(repoCatalogue))
    fs.copyFileSync(path.join(repoCatalogue, file), path.join(dir, file));
  return dir;
}

it('C2 the shipped catalogue is complete: starters, six races, every item and task type, 30 days, art on disk', async () => {
  const catalogue = await readCatalogue(repoCatalogue, artDir);
  expect(catalogue.characters.filter((character) => character.is_free).length).toBeGreaterThanOrEqual(4);
  for (const race of ['APE', 'CAT', 'DOG', 'MEDUSA', 'PANDA', 'TIGER']) {
    expect(
      catalogue.characters.some((character) => character.race === race && !character.is_free),
      race,
    ).toBe(true);
  }
  for (const type of ['weapon', 'armour', 'shield', 'boost', 'background']) {
    expect(
      catalogue.items.some((item) => item.item_type === type),
      type,
    ).toBe(true);
  }
  expect(catalogue.items.some((item) => item.is_limited)).toBe(true);
  expect(new Set(catalogue.items.map((item) => item.currency))).toEqual(new Set(['coins', 'gems']));
  for (const type of ['QUIZ', 'COMMUNITY', 'WATCH', 'DAILY']) {
    expect(
      catalogue.tasks.some((task) => task.type === type),
      type,
    ).toBe(true);
  }
  expect(catalogue.quizzes.every((quiz) => quiz.questions.every((question) => question.explanation))).toBe(
    true,
  );
  expect(catalogue['daily-rewards'].map((reward) => reward.day)).toEqual(
    Array.from({ length: 30 }, (_, day) => day + 1),
  );
  expect(catalogue['diamond-packages'].length).toBeGreaterThan(0);
});

it('C2 a broken catalogue is refused with a readable list of problems', async () => {
  const dir = copyCatalogue();
  const broken = JSON.parse(fs.readFileSync(path.join(dir, 'characters.json'), 'utf8'));
  broken[0].race = 'DRAGON';
  broken[1].image = '/art/characters/missing.svg';
  fs.writeFileSync(path.join(dir, 'characters.json'), JSON.stringify(broken));
  await expect(readCatalogue(dir, artDir)).rejects.toThrow(/race/);
  broken[0].race = 'APE';
  fs.writeFileSync(path.join(dir, 'characters.json'), JSON.stringify(broken));
  await expect(readCatalogue(dir, artDir)).rejects.toThrow(/missing art: \/art\/characters\/missing.svg/);
  fs.rmSync(dir, { recursive: true, force: true });
});

describeEachDatabase('catalogue loading', (kind) => {
  let t: TestApp;
  let catalogueDir: string;
  beforeAll(async () => {
    catalogueDir = copyCatalogue();
    t = await startTestApp(kind, { env: { CATALOGUE_DIR: catalogueDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(catalogueDir, { recursive: true, force: true });
  });

  const counts = async () => ({
    characters: (await t.database.db.select({ n: count() }).from(characters))[0]!.n,
    items: (await t.database.db.select({ n: count() }).from(items))[0]!.n,
    tasks: (await t.database.db.select({ n: count() }).from(tasks))[0]!.n,
    quizzes: (await t.database.db.select({ n: count() }).from(quizzes))[0]!.n,
    days: (await t.database.db.select({ n: count() }).from(dailyRewards))[0]!.n,
    packages: (await t.database.db.select({ n: count() }).from(diamondPackages))[0]!.n,
  });

  it('C1 loading twice changes nothing; an operator edit is applied on restart; removed rows leave the shop', async () => {
    const before = await counts();
    expect(before.days).toBe(30);
    const { loadCatalogue } = await import('../src/catalogue/load-catalogue.ts');
    await loadCatalogue(t.database, await readCatalogue(catalogueDir, artDir));
    expect(await counts()).toEqual(before);

    const file = path.join(catalogueDir, 'characters.json');
    const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
    const removed = entries.pop();
    entries[0].name = 'Renamed By Operator';
    fs.writeFileSync(file, JSON.stringify(entries, null, 2));
    await loadCatalogue(t.database, await readCatalogue(catalogueDir, artDir));

    const [renamed] = await t.database.db.select().from(characters).where(eq(characters.id, entries[0].id));
    expect(renamed!.name).toBe('Renamed By Operator');
    const [gone] = await t.database.db.select().from(characters).where(eq(characters.id, removed.id));
    expect(gone!.isActive).toBe(false);
    const listed = await t.call(1, 'GET', '/v1/characters?limit=100');
    expect(listed.body.data.characters.map((entry: { _id: string }) => entry._id)).not.toContain(removed.id);
  });
});
