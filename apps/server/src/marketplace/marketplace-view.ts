import type { Currency, Rarity } from '@titans/shared/characters/schemas';
import type { ItemType } from '@titans/shared/inventory/schemas';
import type { ItemCurrency, MarketplaceItem } from '@titans/shared/marketplace/schemas';
import type { items } from '../db/schema.ts';

export type ItemRow = typeof items.$inferSelect;

/** Items are priced in gold or diamonds; storage says coins or gems. */
export function itemCurrencyOf(currency: string): ItemCurrency {
  return currency === 'gems' ? 'diamonds' : 'gold';
}

export function storageCurrencyOf(currency: ItemCurrency): Currency {
  return currency === 'diamonds' ? 'gems' : 'coins';
}

/** A catalogue item as the marketplace answers it. */
export function marketplaceItemView(row: ItemRow, owned: boolean): MarketplaceItem {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    image: row.imageUrl,
    item_type: row.itemType as ItemType,
    rarity: row.rarity as Rarity,
    price: row.price,
    currency: itemCurrencyOf(row.currency),
    effects: row.effects,
    is_limited: row.isLimited,
    stock: row.stock,
    remaining: row.stock === null ? null : Math.max(0, row.stock - row.sold),
    is_owned: owned,
    created_at: row.createdAt.toISOString(),
    item_details: { name: row.name, description: row.description, image_url: row.imageUrl },
  };
}
