import type { FighterSetup } from '@titans/shared/battle/battle-rules';
import type { BattleBooster, EquippedItem, FindMatchPayload } from '@titans/shared/battle/schemas';
import { effectiveStats, type ItemEffects, strengthOf, withBoosters } from '@titans/shared/battle/stats';
import { MAX_EQUIPPED_ITEMS } from '@titans/shared/constants';
import type { ErrorCode } from '@titans/shared/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { characters, items, userCharacters, userItems, users } from '../db/schema.ts';
import type { Contender } from './battle-room.ts';
import type { BoostReader } from './boost-reader.ts';

/** Item types a player may take into battle (Select Items: Weapons, Armours, Shields). */
const EQUIPPABLE = new Set(['weapon', 'armour', 'shield']);

/** A player ready to enter: who they fight as and with what. */
export interface Entrant {
  userId: string;
  characterId: string;
  fighter: FighterSetup;
  contender: Contender;
  strength: number;
  energyToSpend: number;
}

export type EntrantResult = { ok: true; entrant: Entrant } | { ok: false; code: ErrorCode };

/**
 * Entry checks that need no balance (F22): a selected character, an owned
 * fighting character, at most 3 owned weapons / armours / shields. Stats come from the
 * character's catalogue stats, its level, and the equipped items' effects; Emporium boosters
 * are added when the battle starts (`boostedAtStart`), not here, and matchmaking strength
 * leaves them out (D-BATTLE-12).
 */
export async function loadEntrant(
  database: Database,
  userId: string,
  request: FindMatchPayload,
): Promise<EntrantResult> {
  const { db } = database;
  const [user] = await db
    .select({ username: users.username, firstName: users.firstName, selected: users.selectedCharacterId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return { ok: false, code: 'user/not-found' };
  if (!user.selected) return { ok: false, code: 'battle/no-character' };
  if (request.equipped_items.length > MAX_EQUIPPED_ITEMS) return { ok: false, code: 'battle/too-many-items' };

  const [owned] = await db
    .select({ owned: userCharacters, character: characters })
    .from(userCharacters)
    .innerJoin(characters, eq(characters.id, userCharacters.characterId))
    .where(
      and(eq(userCharacters.userId, userId), eq(userCharacters.characterId, request.selected_character_id)),
    )
    .limit(1);
  if (!owned) return { ok: false, code: 'battle/character-not-owned' };

  const equipped = await loadEquipped(db, userId, request.equipped_items);
  if (!equipped.ok) return equipped;

  const { character } = owned;
  const level = owned.owned.level;
  // F60: the same numbers the lobby, Select Character and the intro show.
  const stats = effectiveStats(
    { health: character.health, attack: character.power, defense: character.defense, speed: character.speed },
    level,
    equipped.items.map((item) => item.effects),
  );
  const name = user.username || user.firstName || character.name;
  const equippedItems: EquippedItem[] = equipped.items.map((item) => ({
    _id: item.id,
    name: item.name,
    image_url: item.imageUrl,
    item_type: item.itemType,
  }));
  return {
    ok: true,
    entrant: {
      userId,
      characterId: character.id,
      fighter: { name, level, ...stats },
      contender: {
        userId,
        name,
        level,
        character: { _id: character.id, name: character.name, image: character.image },
        equippedItems,
        boosters: [],
        energy: 0,
        maxEnergy: 0,
      },
      strength: strengthOf(stats),
      energyToSpend: request.energy_to_spend,
    },
  };
}

interface BattleItem {
  id: string;
  name: string;
  imageUrl: string;
  itemType: string;
  effects: ItemEffects;
}

/**
 * The items a player takes into battle, in the request's order: each owned (an item listed twice
 * must be owned twice), not consumed, and a weapon, armour or shield (D-BATTLE-11).
 */
async function loadEquipped(
  db: Database['db'],
  userId: string,
  itemIds: string[],
): Promise<{ ok: true; items: BattleItem[] } | { ok: false; code: ErrorCode }> {
  if (itemIds.length === 0) return { ok: true, items: [] };
  const rows = await db
    .select({ item: items })
    .from(userItems)
    .innerJoin(items, eq(items.id, userItems.itemId))
    .where(
      and(eq(userItems.userId, userId), isNull(userItems.consumedAt), inArray(userItems.itemId, itemIds)),
    );
  const available = new Map<string, { item: (typeof rows)[number]['item']; left: number }>();
  for (const { item } of rows) {
    const known = available.get(item.id);
    if (known) known.left++;
    else available.set(item.id, { item, left: 1 });
  }
  const equipped: BattleItem[] = [];
  for (const itemId of itemIds) {
    const owned = available.get(itemId);
    if (!owned || owned.left === 0) return { ok: false, code: 'battle/item-not-owned' };
    owned.left--;
    const { item } = owned;
    if (!EQUIPPABLE.has(item.itemType)) return { ok: false, code: 'battle/item-not-equippable' };
    equipped.push({
      id: item.id,
      name: item.name,
      imageUrl: item.imageUrl,
      itemType: item.itemType,
      effects: item.effects as ItemEffects,
    });
  }
  return { ok: true, items: equipped };
}

/** An entrant as they fight: their stats with the boosters running at battle start. */
export interface BoostedEntrant {
  fighter: FighterSetup;
  boosters: BattleBooster[];
  totals: { energy_boost: number; defense_boost: number; power_boost: number };
}

/**
 * F31, F32 (decisions D-BATTLE-12): the boosters running at `now`, read inside the transaction that
 * spends the entry energy and writes the battle row, added to the entrant's stats. This is the
 * battle's snapshot: a booster that ends (or is bought) after it does not change the battle.
 */
export async function boostedAtStart(
  reader: BoostReader,
  tx: Tx,
  entrant: Entrant,
  now: number,
): Promise<BoostedEntrant> {
  const { boosts, ...totals } = await reader.activeBoosts(tx, entrant.userId, now);
  return {
    fighter: withBoosters(entrant.fighter, totals),
    boosters: boosts.map((boost) => ({
      item_id: boost.itemId,
      name: boost.name,
      effects: boost.effects,
      ends_at: boost.endsAt,
    })),
    totals,
  };
}

/** The coins a player holds inside a balance change (their pending taps are already written). */
export async function coinsOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.coins ?? 0;
}

/** Wins, losses and draws on the player's row, for Profile's stats. */
export async function recordResult(tx: Tx, userId: string, result: 'victory' | 'defeat' | 'draw') {
  const column = result === 'victory' ? 'wins' : result === 'defeat' ? 'losses' : 'draws';
  await tx
    .update(users)
    .set({ [column]: sql`${users[column]} + 1` })
    .where(eq(users.id, userId));
}

/** The level of the character a player fights with in a battle (1 when not found). */
export async function levelIn(database: Database, battleId: string, userId: string): Promise<number> {
  const [row] = await database.query<{ level: number }>(
    `select uc.level from battles b join user_characters uc on uc.user_id = $2 and uc.character_id =
       case when b.player1_id = $2 then b.player1_character_id else b.player2_character_id end
     where b.id = $1`,
    [battleId, userId],
  );
  return Number(row?.level ?? 1);
}
