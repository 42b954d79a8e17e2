import type { Update } from 'grammy/types';
import { z } from 'zod';

/*
 * The parts of Telegram's updates the bot reads, checked before use (rule S11). These are
 * Telegram's wire format, which only the server receives, so they live here and not in
 * packages/shared (decisions: D-STARS-12). Objects are loose: Telegram adds fields over time.
 */

/** A Telegram user as an update names them. */
const telegramUserSchema = z.looseObject({ id: z.number().int().positive() });

/** Every update: its id, and the update kinds the bot subscribes to as objects when present. */
export const updateEnvelopeSchema = z.looseObject({
  update_id: z.number().int().nonnegative(),
  message: z.looseObject({}).optional(),
  pre_checkout_query: z.looseObject({}).optional(),
});

/** Whether a body is an update the bot can be handed (its envelope is well-formed). */
export function isUpdate(body: unknown): body is Update {
  return updateEnvelopeSchema.safeParse(body).success;
}

/** Bot API: an invoice payload is 1–128 bytes, so never more than 128 characters. */
const invoicePayloadSchema = z.string().max(128);

/** Bot API "PreCheckoutQuery". */
export const preCheckoutQuerySchema = z.looseObject({
  id: z.string().min(1),
  from: telegramUserSchema,
  currency: z.string(),
  total_amount: z.number(),
  invoice_payload: invoicePayloadSchema,
});

/**
 * A message carrying Bot API "SuccessfulPayment", and its sender. Any currency and any amount is
 * well-formed here: whether they match the invoice is the payment check's business (rule S10).
 */
export const paidMessageSchema = z.looseObject({
  from: telegramUserSchema,
  successful_payment: z.looseObject({
    currency: z.string(),
    total_amount: z.number(),
    invoice_payload: invoicePayloadSchema,
    telegram_payment_charge_id: z.string().min(1).max(256),
  }),
});

/** A message carrying Bot API "RefundedPayment" (a refund made outside the server, rule S14), and its sender. */
export const refundedMessageSchema = z.looseObject({
  from: telegramUserSchema,
  refunded_payment: z.looseObject({
    currency: z.string(),
    total_amount: z.number(),
    invoice_payload: invoicePayloadSchema,
    telegram_payment_charge_id: z.string().min(1).max(256),
  }),
});

/** What a malformed update still names, for the operator to find it at Telegram. */
export const namedParts = {
  queryId: z.looseObject({ id: z.string().min(1) }),
  chargeId: z.looseObject({ telegram_payment_charge_id: z.string().min(1).max(256) }),
  sender: z.looseObject({ from: telegramUserSchema }),
};

/** Paths and messages of what failed, for the log (never the values: they come from outside). */
export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
