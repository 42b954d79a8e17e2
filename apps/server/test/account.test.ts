import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { characters, items, userItems, users } from '../src/db/schema.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeEachDatabase('account and profile calls', (kind) => {
  let t: TestApp;
  let freeHero: typeof characters.$inferSelect;
  let paidHero: typeof characters.$inferSelect;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const all = await t.database.db.select().from(characters);
    freeHero = all.find((character) => character.isFree)!;
    paidHero = all.find((character) => !character.isFree)!;
  });
  afterAll(async () => t?.close());

  it('U1 register creates the account from Telegram data once, then returns it', async () => {
    const user = {
      id: 31_001,
      first_name: 'Ada',
      username: 'ada_titan',
      photo_url: 'https://t.me/i/userpic/ada.jpg',
    };
    const headers = { authorization: `tma ${t.initData(user)}`, 'content-type': 'application/json' };
    const body = JSON.stringify({
      telegram_user_id: '31001',
      username: 'ignored',
      profile_picture: 'ignored',
    });
    const first = await fetch(`${t.url}/v1/user/register`, { method: 'POST', headers, body });
    expect(first.status).toBe(200);
    const created = (await first.json()) as any;
    expect(created).toMatchObject({ code: 200, message: 'User registered' });
    expect(created.data).toMatchObject({
      telegram_user_id: '31001',
      username: 'ada_titan',
      profile_picture: 'https://t.me/i/userpic/ada.jpg',
      coins: 0,
      gems: 0,
      avatar: null,
      avatars: [],
      is_banned: false,
      upgrades: { tap_power: 0, energy_capacity: 0, energy_regen: 0, cooldown_reduction: 0 },
    });
    expect(created.data.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(created.data._id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await fetch(`${t.url}/v1/user/register`, { method: 'POST', headers, body });
    expect(again.status).toBe(200);
    const repeated = (await again.json()) as any;
    expect(repeated.message).toBe('User already registered');
    expect(repeated.data._id).toBe(created.data._id);
    expect(repeated.data.referral_code).toBe(created.data.referral_code);
  });

  it('U1 concurrent registrations of one user make one account', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(31_002, 'POST', '/v1/user/register', { telegram_user_id: 31_002 }),
      ),
    );
    expect(new Set(responses.map((response) => response.body.data._id)).size).toBe(1);
    expect(responses.filter((response) => response.body.message === 'User registered')).toHaveLength(1);
  });

  it('U1 a referral code from the body or the start parameter is kept for the referral feature', async () => {
    const referrer = await t.call(31_003, 'POST', '/v1/user/register', { telegram_user_id: 31_003 });
    const code = referrer.body.data.referral_code as string;
    await t.call(31_004, 'POST', '/v1/user/register', {
      telegram_user_id: 31_004,
      referral_code: `buddies_${code.toLowerCase()}`,
    });
    const viaStart = await fetch(`${t.url}/v1/user/register`, {
      method: 'POST',
      headers: {
        authorization: `tma ${t.initData({ id: 31_005 }, { startParam: `buddies_${code}` })}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ telegram_user_id: 31_005 }),
    });
    expect(viaStart.status).toBe(200);
    const rows = await t.database.db.select().from(users).where(eq(users.referredBy, referrer.body.data._id));
    expect(rows.map((row) => row.telegramUserId.toString()).sort()).toEqual(['31004', '31005']);
  });

  it('GET /user/{id} before registering is 404 user/not-registered', async () => {
    const response = await t.call(31_006, 'GET', '/v1/user/31006');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 404, error: 'user/not-registered' });
  });

  it('U2 select-character takes a free hero (adding it to the collection) but not an unowned paid one', async () => {
    const id = 31_010;
    await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const paid = await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: paidHero.id });
    expect(paid.status).toBe(400);
    expect(paid.body.error).toBe('character/not-owned');
    const missing = await t.call(id, 'POST', `/v1/user/${id}/select-character`, {
      characterId: 'no-such-hero',
    });
    expect(missing.status).toBe(404);
    const chosen = await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: freeHero.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.avatar).toBe(freeHero.id);
    expect(chosen.body.data.avatars).toHaveLength(1);
    expect(chosen.body.data.avatars[0]).toMatchObject({
      character_id: freeHero.id,
      tapValue: freeHero.tapValue,
    });
    expect(chosen.body.data.tap_power).toBe(freeHero.tapValue);
    expect(chosen.body.data.avatar_stats).toMatchObject({ health: freeHero.health, power: freeHero.power });
    const extra = await t.call(id, 'POST', `/v1/user/${id}/select-character`, {
      characterId: freeHero.id,
      coins: 5,
    });
    expect(extra.status).toBe(400);
  });

  it('profile stats and sync-balance answer for the caller', async () => {
    const id = 31_020;
    await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const profile = await t.call(id, 'GET', `/v1/user/${id}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      totalReferrals: 0,
      totalBattles: 0,
      battlesWon: 0,
      winRate: 0,
      totalCoinsEarned: 0,
      currentCoins: 0,
      tasksCompleted: 0,
    });
    const balances = await t.call(id, 'POST', `/v1/user/${id}/sync-balance`);
    expect(balances.status).toBe(200);
    expect(balances.body.data).toEqual({ coins: 0, gems: 0, energy: 1000, max_energy: 1000, pending: 0 });
  });

  it('U3 the background can be set to an owned background or the default, nothing else', async () => {
    const id = 31_030;
    const registered = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const userId = registered.body.data._id;
    const backgrounds = await t.database.db.select().from(items).where(eq(items.itemType, 'background'));
    const [owned, notOwned] = backgrounds;
    const weapon = (await t.database.db.select().from(items).where(eq(items.itemType, 'weapon')))[0]!;
    await t.database.db.insert(userItems).values([
      { userId, itemId: owned!.id, uniqueKey: owned!.id, purchasePrice: owned!.price },
      { userId, itemId: weapon.id, uniqueKey: weapon.id, purchasePrice: weapon.price },
    ]);

    const set = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: owned!.imageUrl });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ background_image: owned!.imageUrl, background_item_id: owned!.id });
    for (const value of [notOwned!.id, notOwned!.imageUrl, weapon.id, 'https://evil.example/bg.png']) {
      const refused = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: value });
      expect(refused.status, value).toBe(400);
      expect(refused.body.error).toBe('user/background-not-owned');
    }
    const byId = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: owned!.id });
    expect(byId.body.data.background_item_id).toBe(owned!.id);
    const reset = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: '/background.png' });
    expect(reset.body.data.background_image).toBeNull();
    const cleared = await t.call(id, 'PUT', `/v1/user/update/${id}`, { background_image: null });
    expect(cleared.status).toBe(200);
  });

  it('inventory lists owned items and characters with the spec shape, boosts merged, filters applied', async () => {
    const id = 31_040;
    const registered = await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const userId = registered.body.data._id;
    await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: freeHero.id });
    const [boost] = await t.database.db.select().from(items).where(eq(items.itemType, 'boost')).limit(1);
    const [armour] = await t.database.db.select().from(items).where(eq(items.itemType, 'armour')).limit(1);
    await t.database.db.insert(userItems).values([
      { userId, itemId: boost!.id, uniqueKey: null, purchasePrice: boost!.price },
      { userId, itemId: boost!.id, uniqueKey: null, purchasePrice: boost!.price },
      { userId, itemId: boost!.id, uniqueKey: null, purchasePrice: boost!.price },
      { userId, itemId: armour!.id, uniqueKey: armour!.id, purchasePrice: armour!.price },
    ]);
    const all = await t.call(id, 'GET', `/v1/users/${id}/inventory`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ code: 200, message: 'Inventory found' });
    const entries = all.body.data.items as any[];
    expect(entries).toHaveLength(3);
    const boostEntry = entries.find((entry) => entry.item_id === boost!.id);
    expect(boostEntry).toMatchObject({ item_type: 'boost', count: 3, item_details: { name: boost!.name } });
    const heroEntry = entries.find((entry) => entry.item_type === 'character');
    expect(heroEntry).toMatchObject({
      character_id: freeHero.id,
      character_details: { name: freeHero.name },
    });
    expect(typeof heroEntry.purchase_date).toBe('string');

    const armours = await t.call(id, 'GET', `/v1/users/${id}/inventory?item_type=ARMOR`);
    expect(armours.body.data.items.map((entry: any) => entry.item_id)).toEqual([armour!.id]);
    const onlyCharacters = await t.call(id, 'GET', `/v1/users/${id}/inventory?only_characters=true`);
    expect(onlyCharacters.body.data.items.every((entry: any) => entry.item_type === 'character')).toBe(true);
    const onlyItems = await t.call(id, 'GET', `/v1/users/${id}/inventory?only_items=true`);
    expect(onlyItems.body.data.items).toHaveLength(2);
    expect((await t.call(id, 'GET', `/v1/users/${id}/inventory?item_type=potion`)).status).toBe(400);
  });

  it('characters: pages, race filter and single lookup', async () => {
    const page = await t.call(1, 'GET', '/v1/characters?limit=100&skip=0');
    expect(page.status).toBe(200);
    const list = page.body.data.characters as any[];
    expect(list.length).toBe(page.body.data.total);
    expect(list[0]).toHaveProperty('tapValue');
    expect(list[0]).toHaveProperty('is_free');
    const second = await t.call(1, 'GET', '/v1/characters?limit=2&skip=2');
    expect(second.body.data.characters.map((entry: any) => entry._id)).toEqual(
      list.slice(2, 4).map((entry) => entry._id),
    );
    for (const race of ['Ape', 'CAT', 'dog', 'Medusa', 'Panda', 'Tiger']) {
      const byRace = await t.call(1, 'GET', `/v1/characters?race=${race}`);
      expect(byRace.status).toBe(200);
      expect(byRace.body.data.characters.length, race).toBeGreaterThan(0);
      expect(byRace.body.data.characters.every((entry: any) => entry.race === race.toUpperCase())).toBe(true);
    }
    expect((await t.call(1, 'GET', '/v1/characters?race=DRAGON')).status).toBe(400);
    expect((await t.call(1, 'GET', '/v1/characters?limit=-1')).status).toBe(400);
    const one = await t.call(1, 'GET', `/v1/character/${paidHero.id}`);
    expect(one.body.data).toMatchObject({
      _id: paidHero.id,
      name: paidHero.name,
      power: paidHero.power,
      attack: paidHero.power,
    });
    expect((await t.call(1, 'GET', '/v1/character/nope')).status).toBe(404);
  });

  it('U4 upload accepts a real image by content, refuses others, and serves it back', async () => {
    const id = 31_050;
    await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id });
    const send = (content: Buffer, name: string, type: string, userId: number | null = id) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)], { type }), name);
      return fetch(`${t.url}/v1/upload`, {
        method: 'POST',
        headers: userId === null ? {} : { authorization: `tma ${t.initData(userId)}` },
        body: form,
      });
    };
    const ok = await send(PNG_1X1, 'me.png', 'image/png');
    expect(ok.status).toBe(200);
    const uploaded = (await ok.json()) as any;
    expect(uploaded.data).toMatchObject({ mime_type: 'image/png', size: PNG_1X1.length });
    const served = await fetch(`${t.url}${uploaded.data.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const disguised = await send(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(disguised.status).toBe(415);
    expect(((await disguised.json()) as any).error).toBe('upload/unsupported-type');
    const huge = await send(Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(huge.status).toBe(413);
    expect((await send(PNG_1X1, 'me.png', 'image/png', null)).status).toBe(401);
    const notMultipart = await t.call(id, 'POST', '/v1/upload', { file: 'x' });
    expect(notMultipart.status).toBe(400);
  });

  it('health checks the database; unknown API routes get a 404 envelope', async () => {
    const health = await fetch(`${t.url}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as any).data.database).toBe(kind);
    const missing = await t.call(1, 'GET', '/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, error: 'request/not-found' });
  });
});

describeEachDatabase('item ownership is enforced by the database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('L2 the database refuses a negative balance whatever the code does', async () => {
    const registered = await t.call(32_002, 'POST', '/v1/user/register', { telegram_user_id: 32_002 });
    const userId = registered.body.data._id;
    await expect(
      t.database.db.update(users).set({ coins: -1 }).where(eq(users.id, userId)),
    ).rejects.toThrow();
    await expect(t.database.db.update(users).set({ gems: -5 }).where(eq(users.id, userId))).rejects.toThrow();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ coins: 0, gems: 0 });
  });

  it('a non-boost item can be owned once; boosts many times', async () => {
    const registered = await t.call(32_001, 'POST', '/v1/user/register', { telegram_user_id: 32_001 });
    const userId = registered.body.data._id;
    const [weapon] = await t.database.db.select().from(items).where(eq(items.itemType, 'weapon')).limit(1);
    await t.database.db.insert(userItems).values({ userId, itemId: weapon!.id, uniqueKey: weapon!.id });
    await expect(
      t.database.db.insert(userItems).values({ userId, itemId: weapon!.id, uniqueKey: weapon!.id }),
    ).rejects.toThrow();
    const owned = await t.database.db
      .select()
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.itemId, weapon!.id)));
    expect(owned).toHaveLength(1);
  });
});
