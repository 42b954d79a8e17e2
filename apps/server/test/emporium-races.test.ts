import { and, eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { characters, items, ledger, userCharacters, userItems, users } from '../src/db/schema.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/**
 * Money races of the Titans Emporium (M1–M5). On PostgreSQL the purchases of different players
 * run in truly concurrent transactions; PGlite serialises them, so both are covered.
 */
describeEachDatabase('Titans Emporium races', (kind) => {
  let t: TestApp;
  let nextId = 72_000;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { DATABASE_POOL_SIZE: '20' } });
    // Generous limits: the shared 2-core machine is sometimes far busier than these tests.
  }, 240_000);
  afterAll(async () => t?.close());

  const coinsOf = async (userId: string) =>
    (await t.database.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)))[0]!.coins;
  const shopLedger = (userId: string) =>
    t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), like(ledger.reason, 'shop:%')));

  it('M2 50 concurrent purchases of one character by one player: one succeeds, one debit, one ledger row', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const [hero] = await t.database.db
      .select()
      .from(characters)
      .where(eq(characters.id, 'whiskers-the-swift'));
    await grantCoins(t, userId, hero!.price * 3);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call(id, 'POST', `/v1/character/purchase/${hero!.id}`, { user_id: String(id) }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(
      results.filter((result) => result.status === 409).every((r) => r.body.error === 'shop/character-owned'),
    ).toBe(true);
    expect(await coinsOf(userId)).toBe(hero!.price * 2);
    expect(await shopLedger(userId)).toHaveLength(1);
    const owned = await t.database.db
      .select()
      .from(userCharacters)
      .where(and(eq(userCharacters.userId, userId), eq(userCharacters.characterId, hero!.id)));
    expect(owned).toHaveLength(1);
    expect(await ledgerMatches(t, userId)).toEqual({ coins: hero!.price * 2, ledger: hero!.price * 2 });
  }, 120_000);

  it('L2 M4 50 concurrent purchases of different items worth more than the balance: never negative, ledger = balance', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const goldItems = await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.currency, 'coins'), eq(items.isActive, true)));
    const once = goldItems.filter((item) => item.itemType !== 'boost');
    const boosters = goldItems.filter((item) => item.itemType === 'boost');
    // Every gold item once, the rest of the 50 as boosters (which may be bought again).
    const orders = [
      ...once,
      ...Array.from({ length: 50 - once.length }, (_, i) => boosters[i % boosters.length]!),
    ];
    expect(orders).toHaveLength(50);
    const total = orders.reduce((sum, item) => sum + item.price, 0);
    const start = Math.floor(total / 3);
    await grantCoins(t, userId, start);

    const results = await Promise.all(
      orders.map((item) => t.call(id, 'POST', `/v1/purchase/item/${item.id}`, { user_id: String(id) })),
    );
    const okOrders = orders.filter((_, index) => results[index]!.status === 200);
    for (const [index, result] of results.entries()) {
      if (result.status !== 200) expect(result.body.error, orders[index]!.id).toBe('shop/insufficient-coins');
    }
    const spent = okOrders.reduce((sum, item) => sum + item.price, 0);
    const coins = await coinsOf(userId);
    expect(coins).toBeGreaterThanOrEqual(0);
    expect(coins).toBe(start - spent);
    expect(okOrders.length).toBeGreaterThan(0);
    expect(okOrders.length).toBeLessThan(50);
    expect(await shopLedger(userId)).toHaveLength(okOrders.length);
    expect(await ledgerMatches(t, userId)).toEqual({ coins, ledger: coins });
    const possessions = await t.database.db.select().from(userItems).where(eq(userItems.userId, userId));
    expect(possessions).toHaveLength(okOrders.length);
  }, 120_000);

  it('M3 20 players race for the last 5 units of a limited item: exactly 5 are sold', async () => {
    const crown = (
      await t.database.db.select().from(items).where(eq(items.id, 'crown-of-the-titan-king'))
    )[0]!;
    await t.database.db
      .update(items)
      .set({ sold: crown.stock! - 5 })
      .where(eq(items.id, crown.id));
    const players: Array<{ id: number; userId: string }> = [];
    for (let index = 0; index < 20; index++) {
      const id = nextId++;
      const userId = await readyPlayer(t, id);
      const granted = await t.gateway.change(userId, (money) =>
        money.apply({
          userId,
          currency: 'gems',
          delta: crown.price,
          reason: 'test-grant',
          idempotencyKey: `gems:${userId}`,
        }),
      );
      expect(granted.ok).toBe(true);
      players.push({ id, userId });
    }
    try {
      const results = await Promise.all(
        players.map(({ id }) => t.call(id, 'POST', `/v1/purchase/item/${crown.id}`, { user_id: String(id) })),
      );
      const winners = results.filter((result) => result.status === 200);
      expect(winners).toHaveLength(5);
      expect(
        results.filter((result) => result.status === 409).every((r) => r.body.error === 'shop/sold-out'),
      ).toBe(true);
      const after = (await t.database.db.select().from(items).where(eq(items.id, crown.id)))[0]!;
      expect(after.sold).toBe(crown.stock);
      const [owners] = await t.database.db
        .select({ value: sql<number>`count(*)::int` })
        .from(userItems)
        .where(eq(userItems.itemId, crown.id));
      expect(owners!.value).toBe(5);
      const debits = await t.database.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.currency, 'gems'), eq(ledger.reason, 'shop:item:armour')));
      expect(debits).toHaveLength(5);
      for (const { userId } of players) {
        const [row] = await t.database.db
          .select({ gems: users.gems })
          .from(users)
          .where(eq(users.id, userId));
        expect([0, crown.price]).toContain(row!.gems);
      }
    } finally {
      await t.database.db.update(items).set({ sold: crown.sold }).where(eq(items.id, crown.id));
    }
  }, 180_000);

  it('M5 the same Idempotency-Key sent 10 times at once charges once and answers the same', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 10_000);
    const headers = { 'idempotency-key': `race-${id}-tonic` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(id, 'POST', '/v1/purchase/item/spark-tonic', { user_id: String(id) }, headers),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const ids = new Set(results.map((result) => result.body.data.purchase_id));
    expect(ids.size).toBe(1);
    expect(await coinsOf(userId)).toBe(8_000);
    expect(await shopLedger(userId)).toHaveLength(1);
  }, 120_000);

  it('L1 M2 any sequence of purchases: balance = start + sum of ledger deltas, ownership = the successful purchases', async () => {
    const catalogue = await t.database.db.select().from(items).where(eq(items.currency, 'coins'));
    const heroes = await t.database.db
      .select()
      .from(characters)
      .where(and(eq(characters.currency, 'coins'), eq(characters.isFree, false)));
    const goods = [
      ...catalogue.map((item) => ({
        kind: 'item' as const,
        id: item.id,
        booster: item.itemType === 'boost',
      })),
      ...heroes.map((hero) => ({ kind: 'character' as const, id: hero.id, booster: false })),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400_000 }),
        fc.array(fc.constantFrom(...goods), { minLength: 1, maxLength: 12 }),
        async (start, orders) => {
          const id = nextId++;
          const userId = await readyPlayer(t, id);
          if (start > 0) await grantCoins(t, userId, start);
          const bought = new Map<string, number>();
          for (const good of orders) {
            const result =
              good.kind === 'item'
                ? await t.marketplace.purchaseItem(userId, good.id)
                : await t.marketplace.purchaseCharacter(userId, good.id);
            if (result.ok) bought.set(good.id, (bought.get(good.id) ?? 0) + 1);
            else
              expect(['shop/insufficient-coins', 'shop/item-owned', 'shop/character-owned']).toContain(
                result.code,
              );
          }
          const coins = await coinsOf(userId);
          const [sum] = await t.database.db
            .select({ total: sql<number>`coalesce(sum(${ledger.delta}), 0)::bigint` })
            .from(ledger)
            .where(and(eq(ledger.userId, userId), eq(ledger.currency, 'coins')));
          expect(coins).toBe(Number(sum!.total));
          expect(coins).toBeGreaterThanOrEqual(0);
          const ownedItems = await t.database.db.select().from(userItems).where(eq(userItems.userId, userId));
          const ownedHeroes = await t.database.db
            .select()
            .from(userCharacters)
            .where(eq(userCharacters.userId, userId));
          const owned = new Map<string, number>();
          for (const row of ownedItems) owned.set(row.itemId, (owned.get(row.itemId) ?? 0) + 1);
          // The free starter hero is not a purchase; every paid hero owned must have been bought.
          const paid = new Set(heroes.map((hero) => hero.id));
          for (const row of ownedHeroes) if (paid.has(row.characterId)) owned.set(row.characterId, 1);
          expect(owned).toEqual(bought);
          for (const good of goods)
            if (!good.booster) expect(bought.get(good.id) ?? 0).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: kind === 'postgres' ? 15 : 10, seed: Number(process.env.FC_SEED ?? 7_2024) },
    );
  }, 300_000);
});
