import type { Character } from '@titans/shared/characters/schemas';
import type { characters } from '../db/schema.ts';

type CharacterRow = typeof characters.$inferSelect;

/**
 * A catalogue character as the API returns it (spec-a §3 "Character"; attack mirrors power), with
 * spec-b §3's `isOwned` for the caller.
 */
export function characterView(row: CharacterRow, isOwned: boolean): Character {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    race: row.race as Character['race'],
    type: row.type as Character['type'],
    image: row.image,
    image_url: row.image,
    rarity: row.rarity as Character['rarity'],
    level: row.level,
    health: row.health,
    power: row.power,
    attack: row.power,
    defense: row.defense,
    speed: row.speed,
    experience: row.experience,
    tapValue: row.tapValue,
    is_free: row.isFree,
    is_limited: row.isLimited,
    price: row.price,
    currency: row.currency as Character['currency'],
    created_at: row.createdAt.toISOString(),
    isOwned,
  };
}
