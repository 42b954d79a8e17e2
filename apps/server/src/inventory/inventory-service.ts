import type { InventoryEntry, InventoryType } from '@titans/shared/inventory/schemas';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import type { Database, Db } from '../db/database.ts';
import { characters, items, userCharacters, userItems } from '../db/schema.ts';
import { characterEntry, itemEntry } from './inventory-view.ts';

/** GET /users/{id}/inventory's query, as the shared schema reads it. */
export interface InventoryQuery {
  item_type?: InventoryType | undefined;
  only_items?: 'true' | 'false' | undefined;
  only_characters?: 'true' | 'false' | undefined;
}

export interface InventoryServiceDeps {
  database: Database;
  now: Clock;
}

/**
 * The player's possessions: items and characters, boosts of
 * one kind merged into one entry with a count, newest first.
 */
export class InventoryService {
  constructor(private readonly deps: InventoryServiceDeps) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  async list(userId: string, query: InventoryQuery): Promise<{ items: InventoryEntry[]; total: number }> {
    const type = query.item_type;
    const wantItems = query.only_characters !== 'true' && type !== 'character';
    const wantCharacters = query.only_items !== 'true' && (type === undefined || type === 'character');
    const entries = [
      ...(wantItems ? await this.items(userId, type) : []),
      ...(wantCharacters ? await this.characters(userId) : []),
    ].sort((a, b) => b.purchase_date.localeCompare(a.purchase_date));
    return { items: entries, total: entries.length };
  }

  /** Owned items; a booster whose effect has ended at the app's time has left (D-SHOP-2). */
  private async items(userId: string, itemType: string | undefined): Promise<InventoryEntry[]> {
    const rows = await this.db
      .select({ owned: userItems, item: items })
      .from(userItems)
      .innerJoin(items, eq(items.id, userItems.itemId))
      .where(
        and(
          eq(userItems.userId, userId),
          or(isNull(userItems.consumedAt), gt(userItems.consumedAt, new Date(this.deps.now()))),
          itemType ? eq(items.itemType, itemType) : undefined,
        ),
      )
      .orderBy(desc(userItems.purchaseDate));
    const entries: InventoryEntry[] = [];
    const boosts = new Map<string, InventoryEntry>();
    for (const { owned, item } of rows) {
      const merged = item.itemType === 'boost' ? boosts.get(item.id) : undefined;
      if (merged) {
        merged.count += 1;
        continue;
      }
      const entry = itemEntry(owned, item);
      if (item.itemType === 'boost') boosts.set(item.id, entry);
      entries.push(entry);
    }
    return entries;
  }

  private async characters(userId: string): Promise<InventoryEntry[]> {
    const rows = await this.db
      .select({ owned: userCharacters, character: characters })
      .from(userCharacters)
      .innerJoin(characters, eq(characters.id, userCharacters.characterId))
      .where(eq(userCharacters.userId, userId))
      .orderBy(desc(userCharacters.acquiredAt));
    return rows.map(({ owned, character }) => characterEntry(owned, character));
  }
}
