import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCatalogue } from '../src/catalogue/load-catalogue.ts';
import {
  adminAudit,
  characters,
  dailyRewards,
  diamondPackages,
  items,
  ledger,
  quizzes,
  tasks,
  userItems,
} from '../src/db/schema.ts';
import {
  describeEachDatabase,
  grantCoins,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

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
    await loadCatalogue(t.database, await readCatalogue(catalogueDir, artDir), { now: Date.now() });
    expect(await counts()).toEqual(before);

    const file = path.join(catalogueDir, 'characters.json');
    const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
    const removed = entries.pop();
    entries[0].name = 'Renamed By Operator';
    fs.writeFileSync(file, JSON.stringify(entries, null, 2));
    await loadCatalogue(t.database, await readCatalogue(catalogueDir, artDir), { now: Date.now() });

    const [renamed] = await t.database.db.select().from(characters).where(eq(characters.id, entries[0].id));
    expect(renamed!.name).toBe('Renamed By Operator');
    const [gone] = await t.database.db.select().from(characters).where(eq(characters.id, removed.id));
    expect(gone!.isActive).toBe(false);
    const listed = await t.call(1, 'GET', '/v1/characters?limit=100');
    expect(listed.body.data.characters.map((entry: { _id: string }) => entry._id)).not.toContain(removed.id);
  });
});

const ADMIN_TOKEN = 'admin-token-for-catalogue-0123456789';

describeEachDatabase('catalogue reload on a running server', (kind) => {
  let t: TestApp;
  let catalogueDir: string;
  let nextId = 66_000;
  beforeAll(async () => {
    catalogueDir = copyCatalogue();
    t = await startTestApp(kind, { env: { CATALOGUE_DIR: catalogueDir, ADMIN_TOKEN } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(catalogueDir, { recursive: true, force: true });
  });

  const reload = () =>
    t.call(
      null,
      'POST',
      '/admin/catalogue/reload',
      { actor: 'carol', reason: 'weekly prices' },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
  const readFile = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(catalogueDir, `${name}.json`), 'utf8'));
  const writeFile = (name: string, entries: unknown) =>
    fs.writeFileSync(path.join(catalogueDir, `${name}.json`), JSON.stringify(entries, null, 2));
  const itemRow = async (id: string) =>
    (await t.database.db.select().from(items).where(eq(items.id, id)))[0]!;
  const ownId = (player: { id: number }) => String(player.id);
  const buyer = async (coins: number) => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    if (coins > 0) await grantCoins(t, userId, coins);
    return { id, userId };
  };

  it('C4 a bad file changes nothing and the answer says why', async () => {
    const original = readFile('items');
    const before = await itemRow('ember-dagger');
    const broken = structuredClone(original);
    broken.find((item: { id: string }) => item.id === 'ember-dagger').price = 1;
    broken.find((item: { id: string }) => item.id === 'knights-helm').rarity = 'mythic-plus';
    writeFile('items', broken);
    const refused = await reload();
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('catalogue/invalid');
    expect(refused.body.data.problems.join('\n')).toMatch(/items\.json 7\.rarity/);
    expect((await itemRow('ember-dagger')).price).toBe(before.price);

    writeFile('items', original);
    fs.writeFileSync(path.join(catalogueDir, 'tasks.json'), '[{"id": ');
    const unreadable = await reload();
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.data.problems.join('\n')).toMatch(/tasks\.json: /);
    const [audit] = await t.database.db.select({ n: count() }).from(adminAudit);
    expect(audit!.n).toBe(0);
  });

  it('C4 a good file applies at once, players read it next, and the reload is audited', async () => {
    fs.copyFileSync(path.join(repoCatalogue, 'tasks.json'), path.join(catalogueDir, 'tasks.json'));
    const entries = readFile('items');
    const dagger = entries.find((item: { id: string }) => item.id === 'ember-dagger');
    dagger.price = 2100;
    dagger.name = 'Ember Dagger (reforged)';
    writeFile('items', entries);
    const tasksFile = readFile('tasks');
    const removed = tasksFile.pop();
    writeFile('tasks', tasksFile);

    const done = await reload();
    expect(done.status).toBe(200);
    expect(done.body.data.counts.items).toBe(entries.length);
    expect(done.body.data.deactivated).toEqual({ tasks: [removed.id] });
    const { id } = await buyer(0);
    const shown = await t.call(id, 'GET', '/v1/marketplace/items/ember-dagger');
    expect(shown.body.data).toMatchObject({ name: 'Ember Dagger (reforged)', price: 2100 });
    const [gone] = await t.database.db.select().from(tasks).where(eq(tasks.id, removed.id));
    expect(gone!.isActive).toBe(false);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'catalogue-reload'));
    expect(audit.map((row) => [row.actor, row.reason, row.details])).toEqual([
      ['carol', 'weekly prices', { deactivated: { tasks: [removed.id] } }],
    ]);
    expect(done.body.data.audit_id).toBe(audit[0]!.id);
  });

  it('C4 a stock below the copies already sold is refused and changes nothing', async () => {
    const limited = 'trident-of-the-deep';
    await t.database.db.update(items).set({ sold: 7 }).where(eq(items.id, limited));
    const entries = readFile('items');
    const entry = entries.find((item: { id: string }) => item.id === limited);
    const stock = entry.stock;
    entry.stock = 5;
    entries.find((item: { id: string }) => item.id === 'knights-helm').price = 9999;
    writeFile('items', entries);
    const refused = await reload();
    expect(refused.status).toBe(422);
    expect(refused.body.data.problems).toEqual([
      `items.json ${limited}: stock 5 is below the 7 already sold`,
    ]);
    expect((await itemRow(limited)).stock).toBe(stock);
    expect((await itemRow('knights-helm')).price).not.toBe(9999);
    entry.stock = stock;
    entries.find((item: { id: string }) => item.id === 'knights-helm').price = 2500;
    writeFile('items', entries);
    await t.database.db.update(items).set({ sold: 0 }).where(eq(items.id, limited));
  });

  it('C4 purchases racing a price change each pay the price they read; a removed item fails clearly', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => buyer(100_000)));
    const entries = readFile('items');
    const helm = entries.find((item: { id: string }) => item.id === 'knights-helm');
    const oldPrice = (await itemRow('knights-helm')).price;
    helm.price = oldPrice + 700;
    writeFile('items', entries);
    const [reloaded, ...bought] = await Promise.all([
      reload(),
      ...players.map((player) =>
        t.call(player.id, 'POST', '/v1/purchase/item/knights-helm', { user_id: ownId(player) }),
      ),
    ]);
    expect(reloaded!.status).toBe(200);
    for (const [index, answer] of bought.entries()) {
      expect(answer.status).toBe(200);
      const price = answer.body.data.price;
      expect([oldPrice, oldPrice + 700]).toContain(price);
      const { userId } = players[index]!;
      const [owned] = await t.database.db
        .select()
        .from(userItems)
        .where(and(eq(userItems.userId, userId), eq(userItems.itemId, 'knights-helm')));
      expect(owned!.purchasePrice).toBe(price);
      const debits = await t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, 'shop:item:armour')));
      expect(debits.map((row) => row.delta)).toEqual([-price]);
    }
    const late = await buyer(100_000);
    const after = await t.call(late.id, 'POST', '/v1/purchase/item/knights-helm', { user_id: ownId(late) });
    expect(after.body.data.price).toBe(oldPrice + 700);

    writeFile(
      'items',
      entries.filter((item: { id: string }) => item.id !== 'oak-buckler'),
    );
    expect((await reload()).status).toBe(200);
    const removed = await t.call(late.id, 'POST', '/v1/purchase/item/oak-buckler', { user_id: ownId(late) });
    expect(removed.status).toBe(410);
    expect(removed.body.error).toBe('shop/not-for-sale');
  }, 180_000);
});
