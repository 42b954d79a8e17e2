import { type Character, characterSchema } from '@titans/shared/characters/schemas';
import type { characters } from '../db/schema.ts';

type CharacterRow = typeof characters.$inferSelect;

const { race, type, rarity, currency } = characterSchema.shape;

/**
 * A catalogue character as the API returns it (attack mirrors power), with
 * `isOwned` for the caller. The enum columns are text in the database: each is read
 * through its wire schema rather than cast.
 */
export function characterView(row: CharacterRow, isOwned: boolean): Character {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    race: race.parse(row.race),
    type: type.parse(row.type),
    image: row.image,
    image_url: row.image,
    rarity: rarity.parse(row.rarity),
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
    currency: currency.parse(row.currency),
    created_at: row.createdAt.toISOString(),
    isOwned,
  };
}
