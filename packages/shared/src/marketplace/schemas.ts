import { z } from 'zod';
import { userRefSchema } from '../auth/telegram-user-id.ts';
import { RARITIES } from '../characters/schemas.ts';
import { MARKETPLACE_PAGE_MAX, MARKETPLACE_PAGE_SIZE } from '../constants.ts';
import { ITEM_TYPES, itemEffectsSchema } from '../inventory/schemas.ts';

/** Item: prices are in gold (coins) or diamonds (gems, shown as Stars). */
export const ITEM_CURRENCIES = ['gold', 'diamonds'] as const;
export type ItemCurrency = (typeof ITEM_CURRENCIES)[number];

/** A marketplace item as GET /marketplace/items answers it, plus stock and ownership. */
export const marketplaceItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  image: z.string(),
  item_type: z.enum(ITEM_TYPES),
  rarity: z.enum(RARITIES),
  price: z.number().int(),
  currency: z.enum(ITEM_CURRENCIES),
  effects: itemEffectsSchema,
  is_limited: z.boolean(),
  /** Units for sale in all (limited items), or null for unlimited. */
  stock: z.number().int().nullable(),
  /** Units left (stock − sold), or null for unlimited. */
  remaining: z.number().int().nullable(),
  /** The caller owns it already (non-boosters can be bought once; decisions: D-SHOP-1). */
  is_owned: z.boolean(),
  created_at: z.string(),
  item_details: z.object({ name: z.string(), description: z.string(), image_url: z.string() }),
});
export type MarketplaceItem = z.infer<typeof marketplaceItemSchema>;

/**
 * GET /marketplace/items query: limit (50 per fetch), skip, item_type, name (a
 * case-insensitive substring). `armor` is accepted for `armour`, as the inventory does.
 */
export const marketplaceQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MARKETPLACE_PAGE_MAX).default(MARKETPLACE_PAGE_SIZE),
  skip: z.coerce.number().int().min(0).default(0),
  item_type: z
    .string()
    .transform((type) => (type.toLowerCase() === 'armor' ? 'armour' : type.toLowerCase()))
    .pipe(z.enum(ITEM_TYPES))
    .optional(),
  name: z.string().trim().min(1).max(64).optional(),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;

export const marketplaceListSchema = z.object({
  items: z.array(marketplaceItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type MarketplaceList = z.infer<typeof marketplaceListSchema>;

export const itemIdParamsSchema = z.strictObject({ itemId: z.string().min(1).max(100) });
export const marketplaceItemParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
export const characterIdParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

/**
 * POST /purchase/item/{itemId} and POST /character/purchase/{id} body (`user_id`).
 * It must name the caller (their Telegram id or account id, D-AUTH-7); price and currency come from the server.
 */
export const purchaseBodySchema = z.strictObject({
  user_id: userRefSchema,
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

/** What a successful purchase answers: what was bought, what it cost, the balances after it. */
export const purchaseResultSchema = z.object({
  purchase_id: z.string(),
  kind: z.enum(['item', 'character']),
  item_id: z.string().nullable(),
  character_id: z.string().nullable(),
  item_type: z.enum([...ITEM_TYPES, 'character']),
  name: z.string(),
  price: z.number().int(),
  currency: z.enum(ITEM_CURRENCIES),
  coins: z.number().int(),
  gems: z.number().int(),
  /** A booster's effect window (decisions: D-SHOP-2); null for everything else. */
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;
