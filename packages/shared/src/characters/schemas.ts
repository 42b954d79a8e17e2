import { z } from 'zod';
import { catalogueIdSchema, safeText } from '../input/safe-text.ts';

/** A path `{id}` naming a catalogue character. */
export const characterIdParamsSchema = z.strictObject({ id: catalogueIdSchema });

/** Character races: the starter set and the marketplace races. */
export const CHARACTER_RACES = [
  'HUMAN',
  'ELF',
  'DWARF',
  'ORC',
  'UNDEAD',
  'APE',
  'CAT',
  'DOG',
  'MEDUSA',
  'PANDA',
  'TIGER',
] as const;
export type CharacterRace = (typeof CHARACTER_RACES)[number];

/** The marketplace race filter row, in display order. */
export const MARKETPLACE_RACES = ['APE', 'CAT', 'DOG', 'MEDUSA', 'PANDA', 'TIGER'] as const;

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

/** Currencies in storage: coins (gold) and gems (shown to players as Stars). */
export const CURRENCIES = ['coins', 'gems'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const characterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  race: z.enum(CHARACTER_RACES),
  type: z.enum(['DEFAULT', 'AVATAR']),
  image: z.string(),
  image_url: z.string(),
  rarity: z.enum(RARITIES),
  level: z.number().int(),
  health: z.number().int(),
  power: z.number().int(),
  attack: z.number().int(),
  defense: z.number().int(),
  speed: z.number().int(),
  experience: z.number().int(),
  tapValue: z.number().int(),
  is_free: z.boolean(),
  is_limited: z.boolean(),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  created_at: z.string(),
  /** Character `isOwned`: the caller owns this character (false without an account). */
  isOwned: z.boolean(),
});
export type Character = z.infer<typeof characterSchema>;

/** GET /characters query: either a page (limit, skip) or a race filter. */
export const characterListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  race: safeText(32)
    .transform((race) => race.trim().toUpperCase())
    .pipe(z.enum(CHARACTER_RACES))
    .optional(),
  is_free: z.enum(['true', 'false']).optional(),
});

export const characterListSchema = z.object({
  characters: z.array(characterSchema),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type CharacterList = z.infer<typeof characterListSchema>;
