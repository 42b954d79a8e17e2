import { TRANSACTIONS_LIMIT } from '@titans/shared/constants';
import type { Transaction } from '@titans/shared/stars/schemas';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { characters, diamondPackages, items, purchases, userCharacters, userItems } from '../db/schema.ts';
import { purchaseTransactions } from './stars-view.ts';

/** Transaction: Stars deals and marketplace purchases, newest first. */
export async function transactionsOf(database: Database, userId: string): Promise<Transaction[]> {
  const { db } = database;
  const [deals, ownedItems, ownedCharacters] = await Promise.all([
    db
      .select({ purchase: purchases, pkg: diamondPackages })
      .from(purchases)
      .innerJoin(diamondPackages, eq(diamondPackages.id, purchases.packageId))
      .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['paid', 'anomaly', 'refunded'])))
      .orderBy(desc(purchases.paidAt))
      .limit(TRANSACTIONS_LIMIT),
    db
      .select({ owned: userItems, item: items })
      .from(userItems)
      .innerJoin(items, eq(items.id, userItems.itemId))
      .where(and(eq(userItems.userId, userId), gt(userItems.purchasePrice, 0)))
      .orderBy(desc(userItems.purchaseDate))
      .limit(TRANSACTIONS_LIMIT),
    db
      .select({ owned: userCharacters, character: characters })
      .from(userCharacters)
      .innerJoin(characters, eq(characters.id, userCharacters.characterId))
      .where(and(eq(userCharacters.userId, userId), gt(userCharacters.purchasePrice, 0)))
      .orderBy(desc(userCharacters.acquiredAt))
      .limit(TRANSACTIONS_LIMIT),
  ]);
  const entries: Transaction[] = [
    ...deals.flatMap(({ purchase, pkg }) => purchaseTransactions(purchase, pkg)),
    ...ownedItems.map(({ owned, item }) => ({
      _id: owned.id,
      type: 'MARKETPLACE_PURCHASE',
      amount: owned.purchasePrice,
      timestamp: owned.purchaseDate.toISOString(),
      tx_hash: null,
      status: 'completed',
      item_details: {
        name: item.name,
        description: item.description,
        image_url: item.imageUrl,
        price: owned.purchasePrice,
        currency: owned.currency,
        item_type: item.itemType,
        rarity: item.rarity,
        purchase_date: owned.purchaseDate.toISOString(),
      },
    })),
    ...ownedCharacters.map(({ owned, character }) => ({
      _id: owned.id,
      type: 'MARKETPLACE_PURCHASE',
      amount: owned.purchasePrice,
      timestamp: owned.acquiredAt.toISOString(),
      tx_hash: null,
      status: 'completed',
      item_details: {
        name: character.name,
        description: character.description,
        image_url: character.image,
        price: owned.purchasePrice,
        currency: owned.currency,
        item_type: 'character',
        rarity: character.rarity,
        purchase_date: owned.acquiredAt.toISOString(),
      },
    })),
  ];
  return entries
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, TRANSACTIONS_LIMIT);
}
