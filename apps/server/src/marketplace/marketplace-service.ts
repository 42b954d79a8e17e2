import {
  type ActiveBoostTotals,
  activeBoostTotals,
  type BoosterActivation,
} from '@titans/shared/marketplace/boosters';
import type {
  MarketplaceItem,
  MarketplaceList,
  MarketplaceQuery,
  PurchaseResult,
} from '@titans/shared/marketplace/schemas';
import { and, asc, count, eq, gt, ilike, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import type { Result } from '../core/result.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { boosterActivations, characters, items, userCharacters, userItems, users } from '../db/schema.ts';
import type { BalanceGateway, MoneyContext } from '../money/balance-gateway.ts';
import { activateBooster } from './booster-activation.ts';
import { itemCurrencyOf, marketplaceItemView } from './marketplace-view.ts';

export interface MarketplaceServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  now: Clock;
}

export interface PurchaseOptions {
  idempotencyKey?: string | undefined;
}

/** The boosters running for a player at an instant, and their summed effects (D-SHOP-2). */
export interface ActiveBoosts extends ActiveBoostTotals {
  boosts: Array<BoosterActivation & { name: string }>;
}

/** `%` and `_` in a search are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * S1–S5: the Titans Emporium. Reads are plain queries; every purchase is one BalanceGateway
 * change: ownership, stock, debit through the ledger and the possession commit or roll back together.
 */
export class MarketplaceService {
  constructor(private readonly deps: MarketplaceServiceDeps) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  /** GET /marketplace/items: active items, catalogue order, optional type and name filters. */
  async list(query: MarketplaceQuery, userId: string | null): Promise<MarketplaceList> {
    const filters: SQL[] = [eq(items.isActive, true)];
    if (query.item_type) filters.push(eq(items.itemType, query.item_type));
    if (query.name) filters.push(ilike(items.name, likePattern(query.name)));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(items)
        .where(where)
        .orderBy(asc(items.sortOrder), asc(items.id))
        .limit(query.limit)
        .offset(query.skip),
      this.db.select({ value: count() }).from(items).where(where),
    ]);
    const owned = await this.ownedItemIds(
      userId,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => marketplaceItemView(row, owned.has(row.id))),
      total: total?.value ?? 0,
      limit: query.limit,
      skip: query.skip,
    };
  }

  /** GET /marketplace/items/{id}: one active item, or null. */
  async item(id: string, userId: string | null): Promise<MarketplaceItem | null> {
    const [row] = await this.db
      .select()
      .from(items)
      .where(and(eq(items.id, id), eq(items.isActive, true)))
      .limit(1);
    if (!row) return null;
    const owned = await this.ownedItemIds(userId, [row.id]);
    return marketplaceItemView(row, owned.has(row.id));
  }

  /** Items among `itemIds` the player owns once (boosters never count: they can be bought again). */
  private async ownedItemIds(userId: string | null, itemIds: string[]): Promise<Set<string>> {
    if (!userId || itemIds.length === 0) return new Set();
    const rows = await this.db
      .select({ key: userItems.uniqueKey })
      .from(userItems)
      .where(
        and(
          eq(userItems.userId, userId),
          isNotNull(userItems.uniqueKey),
          inArray(userItems.uniqueKey, itemIds),
        ),
      );
    return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
  }

  /**
   * S1–S5: POST /purchase/item/{itemId}. A non-booster item once per player (a unique row), a
   * booster any number of times (each purchase starts an effect window), limited stock bumped with
   * a conditional update, the price debited through the ledger. Any failure changes nothing.
   */
  purchaseItem(
    userId: string,
    itemId: string,
    options: PurchaseOptions = {},
  ): Promise<Result<PurchaseResult>> {
    return this.deps.gateway.change(
      userId,
      async (money) => {
        const [item] = await money.tx.select().from(items).where(eq(items.id, itemId)).limit(1);
        if (!item) return money.fail('shop/item-not-found');
        if (!item.isActive) return money.fail('shop/not-for-sale');
        const booster = item.itemType === 'boost';
        const [owned] = await money.tx
          .insert(userItems)
          .values({
            userId,
            itemId: item.id,
            // S2: the unique (user, key) index is what makes "once" hold across processes too.
            uniqueKey: booster ? null : item.id,
            purchasePrice: item.price,
            currency: item.currency,
            purchaseDate: new Date(money.now),
          })
          .onConflictDoNothing()
          .returning({ id: userItems.id });
        if (!owned) return money.fail('shop/item-owned');

        if (item.stock !== null) {
          // S3: the stock check and the bump are one statement; concurrent buyers queue on the row.
          const [bumped] = await money.tx
            .update(items)
            .set({ sold: sql`${items.sold} + 1` })
            .where(and(eq(items.id, item.id), lt(items.sold, item.stock)))
            .returning({ sold: items.sold });
          if (!bumped) return money.fail('shop/sold-out');
        }

        let window: { startsAt: number; endsAt: number } | null = null;
        if (booster) {
          window = await activateBooster(money, {
            userId,
            itemId: item.id,
            userItemId: owned.id,
            effects: item.effects,
          });
        }

        await this.pay(money, userId, item.price, item.currency, {
          reason: `shop:item:${item.itemType}`,
          // S5: one key per possession: an item owned once, or this booster purchase's own row.
          idempotencyKey: booster
            ? `shop:item:${userId}:${item.id}:${owned.id}`
            : `shop:item:${userId}:${item.id}`,
          meta: { item_id: item.id, price: item.price },
        });
        const balances = await balancesIn(money.tx, userId);
        return {
          purchase_id: owned.id,
          kind: 'item' as const,
          item_id: item.id,
          character_id: null,
          item_type: item.itemType as PurchaseResult['item_type'],
          name: item.name,
          price: item.price,
          currency: itemCurrencyOf(item.currency),
          ...balances,
          active_from: window ? new Date(window.startsAt).toISOString() : null,
          active_until: window ? new Date(window.endsAt).toISOString() : null,
        };
      },
      { idempotencyKey: options.idempotencyKey, scope: `shop-item:${itemId}` },
    );
  }

  /** S1, S2, S4, S5: POST /character/purchase/{id}: a character once per player; free heroes are not sold. */
  purchaseCharacter(
    userId: string,
    characterId: string,
    options: PurchaseOptions = {},
  ): Promise<Result<PurchaseResult>> {
    return this.deps.gateway.change(
      userId,
      async (money) => {
        const [character] = await money.tx
          .select()
          .from(characters)
          .where(eq(characters.id, characterId))
          .limit(1);
        if (!character) return money.fail('shop/character-not-found');
        if (!character.isActive || character.isFree || character.price <= 0)
          return money.fail('shop/not-for-sale');
        const [owned] = await money.tx
          .insert(userCharacters)
          .values({
            userId,
            characterId: character.id,
            purchasePrice: character.price,
            currency: character.currency,
            acquiredAt: new Date(money.now),
          })
          .onConflictDoNothing()
          .returning({ id: userCharacters.id });
        if (!owned) return money.fail('shop/character-owned');
        await this.pay(money, userId, character.price, character.currency, {
          reason: 'shop:character',
          idempotencyKey: `shop:character:${userId}:${character.id}`,
          meta: { character_id: character.id, price: character.price },
        });
        const balances = await balancesIn(money.tx, userId);
        return {
          purchase_id: owned.id,
          kind: 'character' as const,
          item_id: null,
          character_id: character.id,
          item_type: 'character' as const,
          name: character.name,
          price: character.price,
          currency: itemCurrencyOf(character.currency),
          ...balances,
          active_from: null,
          active_until: null,
        };
      },
      { idempotencyKey: options.idempotencyKey, scope: `shop-character:${characterId}` },
    );
  }

  /** The boosters running for the player at `now` (the Arena reads this when a battle starts). */
  activeBoosts(userId: string, now: number = this.deps.now()): Promise<ActiveBoosts> {
    return activeBoosts(this.db, userId, now);
  }

  private async pay(
    money: MoneyContext,
    userId: string,
    price: number,
    currency: string,
    entry: { reason: string; idempotencyKey: string; meta: Record<string, unknown> },
  ) {
    if (price <= 0) return;
    const gems = currency === 'gems';
    await money.apply({
      userId,
      currency: gems ? 'gems' : 'coins',
      delta: -price,
      ...entry,
      insufficient: gems ? 'shop/insufficient-diamonds' : 'shop/insufficient-coins',
    });
  }
}

async function balancesIn(tx: Tx, userId: string): Promise<{ coins: number; gems: number }> {
  const [row] = await tx
    .select({ coins: users.coins, gems: users.gems })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { coins: row?.coins ?? 0, gems: row?.gems ?? 0 };
}

/**
 * D-SHOP-2: the boosters in effect for a player at `now`, with their summed energy, defense and
 * power boosts. The Arena adds these to a battle's stats when it starts.
 */
export async function activeBoosts(db: Db | Tx, userId: string, now: number): Promise<ActiveBoosts> {
  const rows = await db
    .select({ activation: boosterActivations, name: items.name })
    .from(boosterActivations)
    .innerJoin(items, eq(items.id, boosterActivations.itemId))
    .where(
      and(
        eq(boosterActivations.userId, userId),
        gt(boosterActivations.endsAt, new Date(now)),
        lte(boosterActivations.startsAt, new Date(now)),
      ),
    )
    .orderBy(asc(boosterActivations.endsAt));
  const boosts = rows.map(({ activation, name }) => ({
    itemId: activation.itemId,
    name,
    effects: activation.effects,
    startsAt: activation.startsAt.getTime(),
    endsAt: activation.endsAt.getTime(),
  }));
  return { ...activeBoostTotals(boosts, now), boosts };
}
