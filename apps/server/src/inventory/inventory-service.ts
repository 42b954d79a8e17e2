import type { InventoryEntry, ItemType } from '@titans/shared/inventory/schemas';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { characters, items, userCharacters, userItems } from '../db/schema.ts';

const LIMITED_RARITIES = new Set(['epic', 'legendary']);

export interface InventoryFilter {
  itemType?: string | undefined;
  onlyItems: boolean;
  onlyCharacters: boolean;
}

/**
 * The player's possessions (spec-a §3 "Inventory entry", §7): items and characters, boosts of
 * one kind merged into one entry with a count, newest first.
 */
export async function loadInventory(
  database: Database,
  userId: string,
  filter: InventoryFilter,
): Promise<InventoryEntry[]> {
  const wantCharacters =
    !filter.onlyItems && (filter.itemType === undefined || filter.itemType === 'character');
  const wantItems = !filter.onlyCharacters && filter.itemType !== 'character';
  const entries: InventoryEntry[] = [];

  if (wantItems) {
    const rows = await database.db
      .select({ owned: userItems, item: items })
      .from(userItems)
      .innerJoin(items, eq(items.id, userItems.itemId))
      .where(
        and(
          eq(userItems.userId, userId),
          isNull(userItems.consumedAt),
          filter.itemType ? eq(items.itemType, filter.itemType) : undefined,
        ),
      )
      .orderBy(desc(userItems.purchaseDate));
    const boosts = new Map<string, InventoryEntry>();
    for (const { owned, item } of rows) {
      const merged = item.itemType === 'boost' ? boosts.get(item.id) : undefined;
      if (merged) {
        merged.count += 1;
        continue;
      }
      const entry: InventoryEntry = {
        _id: owned.id,
        item_id: item.id,
        character_id: null,
        item_type: item.itemType as ItemType,
        character_details: null,
        item_details: {
          name: item.name,
          description: item.description,
          image_url: item.imageUrl,
          item_type: item.itemType as ItemType,
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
      if (item.itemType === 'boost') boosts.set(item.id, entry);
      entries.push(entry);
    }
  }

  if (wantCharacters) {
    const rows = await database.db
      .select({ owned: userCharacters, character: characters })
      .from(userCharacters)
      .innerJoin(characters, eq(characters.id, userCharacters.characterId))
      .where(eq(userCharacters.userId, userId))
      .orderBy(desc(userCharacters.acquiredAt));
    for (const { owned, character } of rows) {
      const limited = character.isLimited || LIMITED_RARITIES.has(character.rarity);
      entries.push({
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
        is_limited: limited,
        count: 1,
      });
    }
  }
  return entries.sort((a, b) => b.purchase_date.localeCompare(a.purchase_date));
}
