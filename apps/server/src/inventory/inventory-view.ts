import { type InventoryEntry, itemDetailsSchema } from '@titans/shared/inventory/schemas';
import type { characters, items, userCharacters, userItems } from '../db/schema.ts';

const LIMITED_RARITIES = new Set(['epic', 'legendary']);

const itemTypeOf = itemDetailsSchema.shape.item_type;

/** An owned item as the inventory lists it, counted once. */
export function itemEntry(
  owned: typeof userItems.$inferSelect,
  item: typeof items.$inferSelect,
): InventoryEntry {
  // `item_type` is text in the database: read through its wire schema rather than cast.
  const itemType = itemTypeOf.parse(item.itemType);
  return {
    _id: owned.id,
    item_id: item.id,
    character_id: null,
    item_type: itemType,
    character_details: null,
    item_details: {
      name: item.name,
      description: item.description,
      image_url: item.imageUrl,
      item_type: itemType,
      rarity: item.rarity,
      is_limited: item.isLimited,
      effects: item.effects,
    },
    purchase_price: owned.purchasePrice,
    purchase_date: owned.purchaseDate.toISOString(),
    currency: owned.currency,
    is_limited: item.isLimited,
    count: 1,
  };
}

/** An owned character as the inventory lists it; epic and legendary ones count as limited. */
export function characterEntry(
  owned: typeof userCharacters.$inferSelect,
  character: typeof characters.$inferSelect,
): InventoryEntry {
  return {
    _id: owned.id,
    item_id: null,
    character_id: character.id,
    item_type: 'character',
    character_details: {
      name: character.name,
      type: character.type,
      image: character.image,
      rarity: character.rarity,
      race: character.race,
    },
    item_details: null,
    purchase_price: owned.purchasePrice,
    purchase_date: owned.acquiredAt.toISOString(),
    currency: owned.currency,
    is_limited: character.isLimited || LIMITED_RARITIES.has(character.rarity),
    count: 1,
  };
}
