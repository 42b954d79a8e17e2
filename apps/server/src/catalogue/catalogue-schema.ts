import { CHARACTER_RACES, CURRENCIES, RARITIES } from '@titans/shared/characters/schemas';
import { ITEM_TYPES } from '@titans/shared/inventory/schemas';
import { z } from 'zod';

/*
 * The format of the files in catalogue/. Operators edit those files and restart the server;
 * the loader upserts every row by id and deactivates rows that disappeared from a file.
 */

const id = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'ids are lowercase kebab-case');
/** Art ships with the web app: every picture is a path under apps/web/public. */
const art = z.string().regex(/^\/[a-z0-9/._-]+\.(svg|png|webp|jpg)$/, 'a path under apps/web/public');

export const catalogueCharacterSchema = z.strictObject({
  id,
  name: z.string().min(1),
  description: z.string(),
  race: z.enum(CHARACTER_RACES),
  type: z.enum(['DEFAULT', 'AVATAR']).default('DEFAULT'),
  image: art,
  rarity: z.enum(RARITIES),
  level: z.number().int().min(1).default(1),
  health: z.number().int().positive(),
  power: z.number().int().nonnegative(),
  defense: z.number().int().nonnegative(),
  speed: z.number().int().nonnegative(),
  tap_value: z.number().int().positive(),
  is_free: z.boolean(),
  is_limited: z.boolean().default(false),
  price: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
});

export const catalogueItemSchema = z.strictObject({
  id,
  name: z.string().min(1),
  description: z.string(),
  image_url: art,
  item_type: z.enum(ITEM_TYPES),
  rarity: z.enum(RARITIES),
  price: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  effects: z
    .strictObject({
      power_boost: z.number().int().optional(),
      defense_boost: z.number().int().optional(),
      energy_boost: z.number().int().optional(),
    })
    .default({}),
  is_limited: z.boolean().default(false),
  stock: z.number().int().positive().nullable().default(null),
});

export const catalogueTaskSchema = z.strictObject({
  id,
  title: z.string().min(1),
  description: z.string(),
  type: z.enum(['DAILY', 'QUIZ', 'COMMUNITY', 'WATCH']),
  reward_points: z.number().int().nonnegative(),
  metadata: z
    .strictObject({
      task_url: z.url().optional(),
      link: z.url().optional(),
      quizId: id.optional(),
      image_url: art.optional(),
      required_seconds: z.number().int().positive().optional(),
    })
    .default({}),
});

export const catalogueQuizSchema = z.strictObject({
  id,
  title: z.string().min(1),
  description: z.string(),
  questions: z
    .array(
      z.strictObject({
        id,
        question: z.string().min(1),
        options: z
          .array(z.strictObject({ text: z.string().min(1), isCorrect: z.boolean() }))
          .min(2)
          .refine((options) => options.filter((option) => option.isCorrect).length === 1, {
            message: 'exactly one option is correct',
          }),
        explanation: z.string().optional(),
      }),
    )
    .min(1),
});

export const catalogueDailyRewardSchema = z.strictObject({
  day: z.number().int().min(1).max(30),
  reward_type: z.enum(['coins', 'item']),
  amount: z.number().int().positive(),
  item_id: id.optional(),
  name: z.string().min(1),
  image_url: art,
});

export const catalogueDiamondPackageSchema = z.strictObject({
  id,
  name: z.string().min(1),
  description: z.string(),
  image_url: art,
  diamond_amount: z.number().int().positive(),
  price_stars: z.number().int().positive(),
  price_crypto: z.string().regex(/^\d+(\.\d+)?$/),
  crypto_currency: z.string().min(2).max(10),
  discount_percentage: z.number().int().min(0).max(90).default(0),
});

/** The catalogue files and the schema of the list each one holds. */
export const CATALOGUE_FILES = {
  characters: z.array(catalogueCharacterSchema),
  items: z.array(catalogueItemSchema),
  tasks: z.array(catalogueTaskSchema),
  quizzes: z.array(catalogueQuizSchema),
  'daily-rewards': z.array(catalogueDailyRewardSchema),
  'diamond-packages': z.array(catalogueDiamondPackageSchema),
} as const;

export type CatalogueName = keyof typeof CATALOGUE_FILES;
export type Catalogue = { [Name in CatalogueName]: z.output<(typeof CATALOGUE_FILES)[Name]> };
