import { BOOSTER_DURATION_MS, MARKETPLACE_PAGE_SIZE } from '@titans/shared/constants';
import { ERRORS } from '@titans/shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { battles, characters, items, ledger, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/** Credits Stars (gems) through the gateway, as a Stars purchase would. */
async function grantGems(t: TestApp, userId: string, gems: number, key: string) {
  const result = await t.gateway.change(userId, (money) =>
    money.apply({ userId, currency: 'gems', delta: gems, reason: 'test-grant', idempotencyKey: key }),
  );
  if (!result.ok) throw new Error(`gem grant failed: ${result.code}`);
}

async function balances(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .select({ coins: users.coins, gems: users.gems })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function ledgerRows(t: TestApp, userId: string) {
  return t.database.db.select().from(ledger).where(eq(ledger.userId, userId));
}

describeEachDatabase('Titans Emporium', (kind) => {
  let t: TestApp;
  let nextId = 71_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 240_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  const item = async (id: string) => (await t.database.db.select().from(items).where(eq(items.id, id)))[0]!;
  const character = async (id: string) =>
    (await t.database.db.select().from(characters).where(eq(characters.id, id)))[0]!;
  const buyItem = (telegramId: number, itemId: string, headers?: Record<string, string>) =>
    t.call(telegramId, 'POST', `/v1/purchase/item/${itemId}`, { user_id: String(telegramId) }, headers);
  const buyCharacter = (telegramId: number, characterId: string, headers?: Record<string, string>) =>
    t.call(telegramId, 'POST', `/v1/character/purchase/${characterId}`, { user_id: telegramId }, headers);

  it('M7 GET /marketplace/items: envelope, 50 per fetch by default, type, name and paging', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const all = await t.call(id, 'GET', '/v1/marketplace/items');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ code: 200, message: 'Items found' });
    const [active] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(items)
      .where(eq(items.isActive, true));
    expect(all.body.data).toMatchObject({ total: active!.value, limit: MARKETPLACE_PAGE_SIZE, skip: 0 });
    const first = all.body.data.items[0];
    for (const field of [
      '_id',
      'name',
      'description',
      'image_url',
      'item_type',
      'rarity',
      'price',
      'currency',
      'effects',
      'is_limited',
      'created_at',
      'item_details',
    ]) {
      expect(first, field).toHaveProperty(field);
    }
    expect(all.body.data.items.every((entry: any) => ['gold', 'diamonds'].includes(entry.currency))).toBe(
      true,
    );

    const armours = await t.call(id, 'GET', '/v1/marketplace/items?item_type=Armor');
    expect(armours.status).toBe(200);
    expect(armours.body.data.items.length).toBeGreaterThan(0);
    expect(armours.body.data.items.every((entry: any) => entry.item_type === 'armour')).toBe(true);

    const search = await t.call(id, 'GET', '/v1/marketplace/items?name=DRAGON');
    expect(search.body.data.items.map((entry: any) => entry._id)).toEqual(['dragonguard-shield']);
    const wildcard = await t.call(id, 'GET', '/v1/marketplace/items?name=%25');
    expect(wildcard.body.data.items).toEqual([]);

    const page = await t.call(id, 'GET', '/v1/marketplace/items?limit=2&skip=1');
    expect(page.body.data.items.map((entry: any) => entry._id)).toEqual(
      all.body.data.items.slice(1, 3).map((entry: any) => entry._id),
    );

    for (const query of ['?limit=0', '?limit=101', '?item_type=potion', '?price=1', '?skip=-1']) {
      const refused = await t.call(id, 'GET', `/v1/marketplace/items${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ code: 400, error: 'request/invalid' });
    }
  });

  it('M7 GET /marketplace/items/{id}: the item, or 404 shop/item-not-found', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const found = await t.call(id, 'GET', '/v1/marketplace/items/ember-dagger');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      code: 200,
      data: { _id: 'ember-dagger', currency: 'gold', effects: { power_boost: 5 }, is_owned: false },
    });
    const limited = await t.call(id, 'GET', '/v1/marketplace/items/trident-of-the-deep');
    expect(limited.body.data).toMatchObject({ is_limited: true, stock: 500, currency: 'diamonds' });
    const missing = await t.call(id, 'GET', '/v1/marketplace/items/no-such-item');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, error: 'shop/item-not-found' });
  });

  it('M1 M2 an item is bought once: debit through the ledger, in the inventory, then 409 shop/item-owned', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const dagger = await item('ember-dagger');
    await grantCoins(t, userId, dagger.price + 500);
    const bought = await buyItem(id, dagger.id);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      code: 200,
      message: 'Item purchased successfully',
      data: {
        kind: 'item',
        item_id: dagger.id,
        item_type: 'weapon',
        price: dagger.price,
        currency: 'gold',
        coins: 500,
        gems: 0,
        active_until: null,
      },
    });
    const rows = await ledgerRows(t, userId);
    expect(rows.filter((row) => row.reason === 'shop:item:weapon')).toEqual([
      expect.objectContaining({ delta: -dagger.price, balanceAfter: 500, currency: 'coins' }),
    ]);
    const inventory = await t.call(id, 'GET', `/v1/users/${id}/inventory?item_type=weapon`);
    expect(inventory.body.data.items).toEqual([
      expect.objectContaining({ item_id: dagger.id, purchase_price: dagger.price, count: 1 }),
    ]);
    expect((await t.call(id, 'GET', `/v1/marketplace/items/${dagger.id}`)).body.data.is_owned).toBe(true);

    await grantCoins(t, userId, dagger.price);
    const again = await buyItem(id, dagger.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 409,
      error: 'shop/item-owned',
      message: ERRORS['shop/item-owned'].message,
    });
    expect(await balances(t, userId)).toEqual({ coins: 500 + dagger.price, gems: 0 });
    expect(await ledgerMatches(t, userId)).toEqual({ coins: 500 + dagger.price, ledger: 500 + dagger.price });
  });

  it('M4 insufficient coins and insufficient diamonds each have their code and the spec text; nothing changes', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 100);
    const coins = await buyItem(id, 'ember-dagger');
    expect(coins.status).toBe(400);
    expect(coins.body).toMatchObject({
      code: 400,
      error: 'shop/insufficient-coins',
      message: 'Insufficient coins to purchase this item',
    });
    const gems = await buyItem(id, 'thunder-maul');
    expect(gems.status).toBe(400);
    expect(gems.body).toMatchObject({
      error: 'shop/insufficient-diamonds',
      message: 'Insufficient diamonds to purchase this item',
    });
    const hero = await buyCharacter(id, 'rustmane-the-sage');
    expect(hero.body.error).toBe('shop/insufficient-diamonds');
    expect(await balances(t, userId)).toEqual({ coins: 100, gems: 0 });
    expect((await t.call(id, 'GET', `/v1/users/${id}/inventory?only_items=true`)).body.data.items).toEqual(
      [],
    );
    expect((await ledgerRows(t, userId)).length).toBe(1);
  });

  it('M4 unknown, deactivated and sold-out items are refused with their own codes and change nothing', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 1_000_000);
    await grantGems(t, userId, 5_000, `gems:${userId}`);
    const unknown = await buyItem(id, 'no-such-item');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('shop/item-not-found');

    await t.database.db.update(items).set({ isActive: false }).where(eq(items.id, 'oak-buckler'));
    try {
      const retired = await buyItem(id, 'oak-buckler');
      expect(retired.status).toBe(410);
      expect(retired.body.error).toBe('shop/not-for-sale');
      expect((await t.call(id, 'GET', '/v1/marketplace/items/oak-buckler')).status).toBe(404);
    } finally {
      await t.database.db.update(items).set({ isActive: true }).where(eq(items.id, 'oak-buckler'));
    }

    const crown = await item('crown-of-the-titan-king');
    await t.database.db.update(items).set({ sold: crown.stock! }).where(eq(items.id, crown.id));
    try {
      const soldOut = await buyItem(id, crown.id);
      expect(soldOut.status).toBe(409);
      expect(soldOut.body).toMatchObject({ error: 'shop/sold-out', message: 'This item is sold out' });
      expect((await item(crown.id)).sold).toBe(crown.stock);
      const listed = await t.call(id, 'GET', `/v1/marketplace/items/${crown.id}`);
      expect(listed.body.data.remaining).toBe(0);
    } finally {
      await t.database.db.update(items).set({ sold: crown.sold }).where(eq(items.id, crown.id));
    }
    expect(await balances(t, userId)).toEqual({ coins: 1_000_000, gems: 5_000 });
    expect((await ledgerRows(t, userId)).length).toBe(2);
  });

  it('M3 a limited item bumps sold, charges Stars, and shows what remains', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const trident = await item('trident-of-the-deep');
    await grantGems(t, userId, trident.price, `gems:${userId}`);
    const bought = await buyItem(id, trident.id);
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ currency: 'diamonds', gems: 0 });
    expect((await item(trident.id)).sold).toBe(trident.sold + 1);
    const [row] = (await ledgerRows(t, userId)).filter((entry) => entry.reason === 'shop:item:weapon');
    expect(row).toMatchObject({ currency: 'gems', delta: -trident.price, balanceAfter: 0 });
  });

  it('M2 D-SHOP-2 boosters can be bought again: each adds a window, back to back, read by activeBoosts', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const tonic = await item('spark-tonic');
    const brew = await item('berserker-brew');
    await grantCoins(t, userId, tonic.price * 3 + brew.price);
    const before = Date.now();
    const first = await buyItem(id, tonic.id);
    expect(first.status).toBe(200);
    const second = await buyItem(id, tonic.id);
    const third = await buyItem(id, tonic.id);
    expect([second.status, third.status]).toEqual([200, 200]);
    const brewBought = await buyItem(id, brew.id);
    expect(brewBought.status).toBe(200);
    const firstEnds = Date.parse(first.body.data.active_until);
    expect(firstEnds - Date.parse(first.body.data.active_from)).toBe(BOOSTER_DURATION_MS);
    expect(Date.parse(second.body.data.active_from)).toBe(firstEnds);
    expect(Date.parse(third.body.data.active_from)).toBe(firstEnds + BOOSTER_DURATION_MS);

    const now = Date.now();
    const active = await t.marketplace.activeBoosts(userId, now);
    expect(active).toMatchObject({
      energy_boost: tonic.effects.energy_boost,
      power_boost: brew.effects.power_boost,
      defense_boost: 0,
    });
    // After the brew's window, the second tonic still runs.
    const later = await t.marketplace.activeBoosts(userId, Date.parse(brewBought.body.data.active_until) + 1);
    expect(later).toMatchObject({ energy_boost: tonic.effects.energy_boost, power_boost: 0 });
    const over = await t.marketplace.activeBoosts(userId, before + 3 * BOOSTER_DURATION_MS + 60_000);
    expect(over).toMatchObject({ energy_boost: 0, defense_boost: 0, power_boost: 0, boosts: [] });

    const inventory = await t.call(id, 'GET', `/v1/users/${id}/inventory?item_type=boost`);
    expect(inventory.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item_id: tonic.id, count: 3 }),
        expect.objectContaining({ item_id: brew.id, count: 1 }),
      ]),
    );
    expect(await balances(t, userId)).toEqual({ coins: 0, gems: 0 });
    expect((await ledgerRows(t, userId)).filter((row) => row.reason === 'shop:item:boost')).toHaveLength(4);
  });

  it('M1 M2 a character is bought once, can then be equipped, and a second purchase is 409', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const bongo = await character('bongo-the-brawler');
    await grantCoins(t, userId, bongo.price);
    const bought = await buyCharacter(id, bongo.id);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      code: 200,
      message: 'Character purchased successfully',
      data: { kind: 'character', character_id: bongo.id, item_type: 'character', coins: 0, currency: 'gold' },
    });
    const inventory = await t.call(id, 'GET', `/v1/users/${id}/inventory?only_characters=true`);
    expect(inventory.body.data.items.map((entry: any) => entry.character_id)).toContain(bongo.id);
    const equipped = await t.call(id, 'POST', `/v1/user/${id}/select-character`, { characterId: bongo.id });
    expect(equipped.status).toBe(200);
    expect(equipped.body.data.avatar).toBe(bongo.id);

    await grantCoins(t, userId, bongo.price);
    const again = await buyCharacter(id, bongo.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'shop/character-owned',
      message: 'You already own this character',
    });
    expect(await balances(t, userId)).toEqual({ coins: bongo.price, gems: 0 });
  });

  it('M4 free, unknown and retired characters are not sold', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 1_000_000);
    const free = await buyCharacter(id, 'lyra-windrunner');
    expect(free.status).toBe(410);
    expect(free.body.error).toBe('shop/not-for-sale');
    const unknown = await buyCharacter(id, 'nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('shop/character-not-found');
    await t.database.db
      .update(characters)
      .set({ isActive: false })
      .where(eq(characters.id, 'stripe-the-prowler'));
    try {
      const retired = await buyCharacter(id, 'stripe-the-prowler');
      expect(retired.status).toBe(410);
    } finally {
      await t.database.db
        .update(characters)
        .set({ isActive: true })
        .where(eq(characters.id, 'stripe-the-prowler'));
    }
    expect(await balances(t, userId)).toEqual({ coins: 1_000_000, gems: 0 });
  });

  it('A3 a purchase naming another user is 403, unknown or missing fields are 400, and nothing changes', async () => {
    const id = nextId++;
    const other = nextId++;
    const userId = await readyPlayer(t, id);
    await readyPlayer(t, other);
    await grantCoins(t, userId, 1_000_000);
    for (const [route, body] of [
      ['/v1/purchase/item/ember-dagger', { user_id: String(other) }],
      ['/v1/character/purchase/bongo-the-brawler', { user_id: other }],
    ] as const) {
      const refused = await t.call(id, 'POST', route, body);
      expect(refused.status, route).toBe(403);
      expect(refused.body).toMatchObject({ code: 403, error: 'auth/forbidden' });
    }
    for (const route of [`/v1/users/${other}/inventory`, `/v1/user/${other}/profile`]) {
      const refused = await t.call(id, 'GET', route);
      expect(refused.status, route).toBe(403);
      expect(refused.body).toMatchObject({ code: 403, error: 'auth/forbidden' });
    }
    const mine = await t.call(id, 'GET', `/v1/users/${id}/inventory?only_items=true`);
    expect(mine.body).toMatchObject({ code: 200, message: 'Inventory found', data: { items: [], total: 0 } });
    // The account id names the caller too.
    expect((await t.call(id, 'POST', '/v1/purchase/item/ember-dagger', { user_id: userId })).status).toBe(
      200,
    );
    for (const body of [
      { user_id: String(id), price: 1 },
      { user_id: String(id), currency: 'gold' },
      {},
      { user_id: true },
    ]) {
      for (const route of ['/v1/purchase/item/knights-helm', '/v1/character/purchase/bongo-the-brawler']) {
        const refused = await t.call(id, 'POST', route, body);
        expect(refused.status, `${route} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.body.error).toBe('request/invalid');
      }
    }
    const badKey = await buyItem(id, 'knights-helm', { 'idempotency-key': 'no' });
    expect(badKey.status).toBe(400);
    expect(await balances(t, userId)).toEqual({ coins: 1_000_000 - 2_000, gems: 0 });
    expect(
      (await t.call(null, 'POST', '/v1/purchase/item/knights-helm', { user_id: String(id) })).status,
    ).toBe(401);
  });

  it('M5 a retried purchase with the same Idempotency-Key answers the first answer and charges once', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const helm = await item('knights-helm');
    await grantCoins(t, userId, helm.price * 3);
    const key = { 'idempotency-key': `retry-${id}-helm` };
    const first = await buyItem(id, helm.id, key);
    const retried = await buyItem(id, helm.id, key);
    expect(first.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(first.body.data);
    const boosterKey = { 'idempotency-key': `retry-${id}-tonic` };
    const tonicFirst = await buyItem(id, 'spark-tonic', boosterKey);
    const tonicRetry = await buyItem(id, 'spark-tonic', boosterKey);
    expect(tonicRetry.body.data).toEqual(tonicFirst.body.data);
    const misuse = await buyItem(id, 'oak-buckler', key);
    expect(misuse.status).toBe(422);
    expect(misuse.body.error).toBe('request/idempotency-mismatch');
    expect(await balances(t, userId)).toEqual({ coins: helm.price * 3 - helm.price - 2_000, gems: 0 });
    expect((await ledgerRows(t, userId)).filter((row) => row.reason.startsWith('shop:'))).toHaveLength(2);
  });

  it("M1 a purchase pushes statusUpdated with the lower balance to the player's sockets", async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 10_000);
    const socket = await connectSocket(t.url, t.initData(id), `client-shop-${id}`);
    sockets.push(socket);
    const ready = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: id });
    expect((await ready).coins).toBe(10_000);
    const pushed = socket.next('statusUpdated', (payload) => payload.coins !== 10_000);
    expect((await buyItem(id, 'ember-dagger')).status).toBe(200);
    expect((await pushed).coins).toBe(8_000);
  });

  it('M6 profile stats come from the records: battles fought and won, coins, tasks, referrals', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const rival = await readyPlayer(t, nextId++);
    await grantCoins(t, userId, 3_000);
    const ended = new Date();
    await t.database.db.insert(battles).values([
      {
        mode: 'pve',
        player1Id: userId,
        player1CharacterId: 'x',
        status: 'completed',
        winnerId: userId,
        endedAt: ended,
      },
      {
        mode: 'pvp',
        player1Id: rival,
        player2Id: userId,
        player1CharacterId: 'x',
        status: 'completed',
        winnerId: rival,
        endedAt: ended,
      },
      {
        mode: 'pvp',
        player1Id: userId,
        player2Id: rival,
        player1CharacterId: 'x',
        status: 'completed',
        winnerId: userId,
        endedAt: ended,
      },
      {
        mode: 'pve',
        player1Id: userId,
        player1CharacterId: 'x',
        status: 'completed',
        winnerId: null,
        endedAt: ended,
      },
      // Still running: not counted.
      { mode: 'pve', player1Id: userId, player1CharacterId: 'x', status: 'active' },
    ]);
    await t.call(id, 'POST', '/v1/purchase/item/ember-dagger', { user_id: String(id) });
    const profile = await t.call(id, 'GET', `/v1/user/${id}/profile`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      totalBattles: 4,
      battlesWon: 2,
      winRate: 50,
      totalCoinsEarned: 3_000,
      currentCoins: 1_000,
      tasksCompleted: 0,
      totalReferrals: 0,
    });
    const [me] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId)));
    expect(me!.coins).toBe(1_000);
  });
});
