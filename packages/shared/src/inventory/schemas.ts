import { z } from 'zod';
import { safeText } from '../input/safe-text.ts';

/** Item types. */
export const ITEM_TYPES = ['weapon', 'armour', 'shield', 'boost', 'background'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const INVENTORY_TYPES = [...ITEM_TYPES, 'character'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export const itemEffectsSchema = z.object({
  power_boost: z.number().optional(),
  defense_boost: z.number().optional(),
  energy_boost: z.number().optional(),
});
export type ItemEffects = z.infer<typeof itemEffectsSchema>;

export const itemDetailsSchema = z.object({
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  item_type: z.enum(ITEM_TYPES),
  rarity: z.string(),
  is_limited: z.boolean(),
  effects: itemEffectsSchema,
});

export const characterDetailsSchema = z.object({
  name: z.string(),
  type: z.string(),
  image: z.string(),
  rarity: z.string(),
  race: z.string(),
});

/** One inventory entry. Boosts of one kind are merged with a count. */
export const inventoryEntrySchema = z.object({
  _id: z.string(),
  item_id: z.string().nullable(),
  character_id: z.string().nullable(),
  item_type: z.enum(INVENTORY_TYPES),
  character_details: characterDetailsSchema.nullable(),
  item_details: itemDetailsSchema.nullable(),
  purchase_price: z.number().int(),
  purchase_date: z.string(),
  currency: z.string(),
  is_limited: z.boolean(),
  count: z.number().int(),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

/** GET /users/{id}/inventory query: item_type lowercase, only_items, only_characters. */
export const inventoryQuerySchema = z.strictObject({
  item_type: safeText(32)
    .transform((type) => (type.toLowerCase() === 'armor' ? 'armour' : type.toLowerCase()))
    .pipe(z.enum(INVENTORY_TYPES))
    .optional(),
  only_items: z.enum(['true', 'false']).optional(),
  only_characters: z.enum(['true', 'false']).optional(),
});

export const inventorySchema = z.object({ items: z.array(inventoryEntrySchema), total: z.number().int() });
export type Inventory = z.infer<typeof inventorySchema>;
