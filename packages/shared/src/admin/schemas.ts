import { z } from 'zod';
import { telegramUserIdSchema } from '../auth/telegram-user-id.ts';
import { catalogueIdSchema } from '../input/safe-text.ts';

/*
 * The operator's admin API (rules OPS1–OPS5): what `npm run ops` sends to a running server and what the
 * server checks. Every call carries `Authorization: Bearer <ADMIN_TOKEN>`; player init data is
 * refused (docs/rules.md OPS1).
 */

/** Who acts: the operator's name, recorded in admin_audit (the CLI sends OPS_ACTOR or the login name). */
export const operatorActorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'use 1–64 letters, digits or _.@-');

/** Why: free text kept in admin_audit (and the ledger row's meta for money). */
export const operatorReasonSchema = z.string().trim().min(3, 'say why in a few words').max(500);

/** The operator's idempotency key: the same key repeats the same action once (rules OPS2). */
export const operatorKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'use 8–128 letters, digits or _.:- (e.g. ticket-1234)');

/** A Telegram user id in a path: digits. */
export const telegramIdParamsSchema = z.strictObject({
  telegramUserId: z.string().regex(/^\d{1,20}$/, 'must be a Telegram user id'),
});

/** GET /admin/players: by Telegram id or by username (with or without @, any case). */
export const playerLookupQuerySchema = z
  .strictObject({
    telegram_user_id: telegramUserIdSchema.optional(),
    username: z
      .string()
      .regex(/^@?[A-Za-z0-9_]{1,64}$/, 'a Telegram username')
      .optional(),
  })
  .refine((query) => (query.telegram_user_id === undefined) !== (query.username === undefined), {
    message: 'give exactly one of telegram_user_id and username',
  });

/** What a grant or a take moves: coins, gems (diamonds) or one catalogue item. */
export const operatorAssetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('coins'), amount: z.number().int().positive().max(1_000_000_000) }),
  z.strictObject({ kind: z.literal('gems'), amount: z.number().int().positive().max(1_000_000_000) }),
  z.strictObject({ kind: z.literal('item'), item_id: catalogueIdSchema }),
]);
export type OperatorAsset = z.infer<typeof operatorAssetSchema>;

/** POST /admin/players/{telegramUserId}/grant and /take. */
export const moneyActionBodySchema = z.strictObject({
  actor: operatorActorSchema,
  reason: operatorReasonSchema,
  idempotency_key: operatorKeySchema,
  asset: operatorAssetSchema,
});
export type MoneyActionBody = z.infer<typeof moneyActionBodySchema>;

/** POST /admin/players/{telegramUserId}/kick, /admin/battles/{battleId}/void, /admin/catalogue/reload. */
export const operatorActionBodySchema = z.strictObject({
  actor: operatorActorSchema,
  reason: operatorReasonSchema,
});
export type OperatorActionBody = z.infer<typeof operatorActionBodySchema>;

export const battleIdParamsSchema = z.strictObject({ battleId: z.uuid() });

/** POST /admin/payments/{chargeId}/refund: a Telegram Stars payment by its charge id. */
export const chargeIdParamsSchema = z.strictObject({
  chargeId: z.string().regex(/^[A-Za-z0-9_:.-]{1,256}$/, "a Telegram payment's charge id"),
});
export const refundBodySchema = z.strictObject({
  actor: operatorActorSchema,
  reason: operatorReasonSchema,
  /** Refund even when the player already spent the diamonds (the rest is recorded as the shortfall). */
  allow_shortfall: z.boolean().default(false),
  /** The payer, for a charge no purchase records (the log line names both); else checked against it. */
  telegram_user_id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'a Telegram user id')
    .optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** One admin_audit row as the API answers it. */
export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  reason: string;
  idempotency_key: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** What a grant or a take did; a replay of its key answers the first result again. */
export interface MoneyActionResult {
  action: 'grant' | 'take';
  telegram_user_id: string;
  asset: OperatorAsset;
  /** The balance after the change (coins, gems); null for an item. */
  balance_after: number | null;
  /** The possession written or removed (an item). */
  user_item_id: string | null;
  audit_id: number;
}

/** A player as an operator sees them (GET /admin/players). */
export interface PlayerReport {
  player: {
    id: string;
    telegram_user_id: string;
    username: string;
    name: string;
    created_at: string;
    coins: number;
    gems: number;
    /** Taps accepted in memory and not yet durable. */
    pending_coins: number;
    energy: number;
    max_energy: number;
    level: number;
    experience: number;
    selected_character_id: string | null;
    wins: number;
    losses: number;
    draws: number;
    total_taps: number;
    is_banned: boolean;
    ban_reason: string | null;
    /**
     * Gems refunded purchases could not take back because they were spent: the sum of the
     * payments' `refund_shortfall` (rules S14; decisions D-STARS-5, D-STARS-15).
     */
    refund_gems_owed: number;
  };
  /**
   * Open sockets on the process that answered, and how many other processes of a cluster hold the
   * player's sockets (0 alone; null when Redis does not answer); battle and queue cluster-wide.
   */
  online: { sockets: number; other_processes: number | null; battle_id: string | null; queued: boolean };
  ledger: Array<{
    id: number;
    currency: string;
    delta: number;
    balance_after: number;
    reason: string;
    idempotency_key: string;
    created_at: string;
  }>;
  payments: PaymentRow[];
  possessions: Array<{
    kind: 'item' | 'character';
    id: string;
    catalogue_id: string;
    price: number;
    currency: string;
    acquired_at: string;
    consumed_at: string | null;
  }>;
  battles: Array<{
    id: string;
    mode: string;
    status: string;
    result: string | null;
    won: boolean | null;
    opponent_id: string | null;
    started_at: string;
    ended_at: string | null;
  }>;
  tap_flags: Array<{
    window_start: string;
    seconds_over_cap: number;
    taps_rejected: number;
    created_at: string;
  }>;
  audit: AuditEntry[];
}

/** A Stars or TON purchase as an operator sees it. */
export interface PaymentRow {
  id: string;
  method: string;
  status: string;
  package_id: string;
  order_ref: string;
  stars_amount: number;
  diamonds: number;
  telegram_payment_charge_id: string | null;
  tx_hash: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** Who refunded: `operator` (the refund command) or `telegram` (outside the server, S14). */
  refund_origin: 'operator' | 'telegram' | null;
  refund_shortfall: number | null;
  anomaly: Record<string, unknown> | null;
}

/** A battle that has not settled (GET /admin/battles). */
export interface RunningBattle {
  id: string;
  mode: string;
  difficulty: string | null;
  players: Array<{ user_id: string; telegram_user_id: string | null; username: string | null }>;
  started_at: string;
  /** True when a room for it runs in this process (false: a row another process or a crash left). */
  in_this_process: boolean;
  entry: Array<{ userId: string; stake: number; energy: number }>;
}

/** What a refund did (POST /admin/payments/{chargeId}/refund). */
export interface RefundResult {
  charge_id: string;
  /** The purchase the charge paid for; null for a charge no purchase records. */
  purchase: { id: string; status: string; diamonds: number } | null;
  /** Diamonds taken back, and those the player had already spent. */
  debited: number;
  shortfall: number;
  /** Why the payment was an anomaly (nothing was credited, nothing is taken back). */
  anomaly: string | null;
  audit_id: number;
}

/** What a catalogue reload did (POST /admin/catalogue/reload). */
export interface CatalogueReloadResult {
  /** Entries per file as loaded. */
  counts: Record<string, number>;
  /** Ids per file that left the shop (no longer in the file). */
  deactivated: Record<string, string[]>;
  audit_id: number;
}
