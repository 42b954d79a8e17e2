import { z } from 'zod';
import { telegramUserIdSchema } from '../auth/telegram-user-id.ts';
import { CRYPTO_HASH_MIN_LENGTH } from '../constants.ts';

/** Diamond package: price_usd is the price in Telegram Stars. */
export const diamondPackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  diamond_amount: z.number().int(),
  price_usd: z.number().int(),
  price_crypto: z.string(),
  crypto_currency: z.string(),
  discount_percentage: z.number().int(),
});
export type DiamondPackage = z.infer<typeof diamondPackageSchema>;

const packageId = z.string().min(1).max(100);

/**
 * POST /diamonds/create-invoice. The name, description and amount are what the player
 * saw; the server prices the invoice from its own package row and refuses a stale amount.
 */
export const createInvoiceBodySchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  package_id: packageId,
  package_name: z.string().max(200).optional(),
  package_description: z.string().max(1000).optional(),
  stars_amount: z.number().int().positive().optional(),
});

export const invoiceSchema = z.object({
  /** Telegram's invoice link; empty for a development invoice. */
  invoice_link: z.string(),
  /**
   * True in development mode without a bot: no Telegram sheet, the app shows its own development
   * invoice, paid through POST /dev/diamonds/purchases/{id}/pay (decisions: D-STARS-14).
   */
  development: z.boolean(),
  purchase_id: z.string(),
  order_id: z.string(),
  stars_amount: z.number().int(),
  diamond_amount: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * GET /diamonds/payment-methods: how this server sells Stars right now, so the app offers only what
 * can work. `stars`: Telegram's payment sheet, the development invoice (development mode without a
 * bot) or none; `ton`: a receiving wallet is configured (decisions: D-STARS-14).
 */
export const paymentMethodsSchema = z.object({
  stars: z.enum(['telegram', 'development']).nullable(),
  ton: z.boolean(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** POST /diamond/telegram-stars-purchase: names an order the server created. */
export const starsPurchaseBodySchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  packageId,
  telegramOrderId: z.string().min(1).max(100),
});

/** POST /diamond/telegram-stars-confirm. `success` is the client's word and is ignored. */
export const starsConfirmBodySchema = z.strictObject({
  purchaseId: z.string().min(1).max(100),
  success: z.boolean(),
});

/** POST /diamonds/purchases/{id}/confirm. */
export const purchaseConfirmBodySchema = z.strictObject({
  telegram_user_id: telegramUserIdSchema,
  invoice_id: z.string().max(200).optional(),
  stars_amount: z.number().int().nonnegative().optional(),
  payment_method: z.literal('telegram_stars'),
});

/** `anomaly`: Telegram's payment did not match the invoice, so nothing was credited (rule S10). */
export const PURCHASE_STATUSES = ['pending', 'paid', 'anomaly', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A purchase as the server records it; the client only reads it. */
export const purchaseStateSchema = z.object({
  _id: z.string(),
  package_id: z.string(),
  order_id: z.string(),
  method: z.enum(['telegram_stars', 'ton']),
  status: z.enum(PURCHASE_STATUSES),
  stars_amount: z.number().int(),
  diamonds: z.number().int(),
  /** Diamonds this purchase credited: its diamonds once paid, 0 before. */
  diamonds_credited: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PurchaseState = z.infer<typeof purchaseStateSchema>;

/** The crypto hash check: non-empty after trimming and at least 10 characters. */
export function isValidTransactionHash(hash: string): boolean {
  return hash.trim().length >= CRYPTO_HASH_MIN_LENGTH;
}

/** POST /diamond/purchase (crypto). `cryptoAmount` is informational: the chain decides. */
export const cryptoPurchaseBodySchema = z.strictObject({
  packageId,
  transactionHash: z
    .string()
    .max(200)
    .refine(isValidTransactionHash, 'Please enter a valid transaction hash.')
    .transform((hash) => hash.trim()),
  cryptoAmount: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).optional(),
  telegram_user_id: telegramUserIdSchema,
});

export const cryptoPurchaseResultSchema = z.object({
  diamonds_credited: z.number().int(),
  purchase_id: z.string(),
  tx_hash: z.string(),
});

/** POST /diamonds/ton-order: the order a TON payment must carry as its comment (decisions: D-STARS-4). */
export const tonOrderBodySchema = z.strictObject({
  package_id: packageId,
});

export const tonOrderSchema = z.object({
  purchase_id: z.string(),
  /** The comment the transfer must carry. */
  order_id: z.string(),
  /** The receiving address, as configured. */
  address: z.string(),
  /** The amount in nanotons (a decimal string), at least the package's price_crypto. */
  amount_nano: z.string(),
  price_crypto: z.string(),
  crypto_currency: z.string(),
  /** The comment as a TON cell (base64 BOC) for TON Connect's `payload`. */
  payload: z.string(),
});
export type TonOrder = z.infer<typeof tonOrderSchema>;

/** POST /diamonds/ton-order/{id}/check: whether the chain shows the order paid yet (after a TON Connect send). */
export const tonOrderCheckSchema = z.object({
  status: z.enum(['pending', 'paid']),
  diamonds_credited: z.number().int(),
  tx_hash: z.string().nullable(),
});
export type TonOrderCheck = z.infer<typeof tonOrderCheckSchema>;

/** Transaction. */
export const transactionSchema = z.object({
  _id: z.string(),
  /** Contains DIAMOND for Stars deals. */
  type: z.string(),
  /** Diamonds for Stars deals (negative for a refund), the price for marketplace purchases. */
  amount: z.number(),
  timestamp: z.string(),
  tx_hash: z.string().nullable(),
  status: z.string(),
  item_details: z.object({
    name: z.string(),
    description: z.string(),
    image_url: z.string(),
    price: z.number(),
    currency: z.string(),
    item_type: z.string(),
    rarity: z.string().nullable(),
    purchase_date: z.string(),
  }),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsSchema = z.object({ transactions: z.array(transactionSchema) });
