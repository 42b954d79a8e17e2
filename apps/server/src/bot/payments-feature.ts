import type { FastifyBaseLogger } from 'fastify';
import { Composer } from 'grammy';
import { serverText } from '../i18n/server-texts.ts';
import { PRE_CHECKOUT_REFUSAL_TEXTS, type StarsService } from '../stars/stars-service.ts';
import { type BotContext, RedeliverUpdateError, updateLanguage } from './bot-context.ts';
import {
  issuesOf,
  namedParts,
  paidMessageSchema,
  preCheckoutQuerySchema,
  refundedMessageSchema,
} from './telegram-updates.ts';

/**
 * Telegram Stars payments: pre_checkout_query is answered ok only for this player's pending order
 * at its price in XTR (S2); successful_payment credits once per telegram_payment_charge_id when it
 * matches its invoice, and otherwise records the anomaly (S3, S10); refunded_payment (a refund made
 * outside the server) takes the purchase's gems back once per charge id (S14). A malformed update
 * is logged and dropped (S11); only a payment or refund that could not be recorded is delivered
 * again.
 */
export function paymentsFeature(stars: StarsService, logger: FastifyBaseLogger) {
  const feature = new Composer<BotContext>();

  feature.on('pre_checkout_query', async (ctx) => {
    // L3: a refusal is written in the payer's language.
    const refusal = (reason: keyof typeof PRE_CHECKOUT_REFUSAL_TEXTS) => ({
      error_message: serverText(updateLanguage(ctx), PRE_CHECKOUT_REFUSAL_TEXTS[reason]),
    });
    const parsed = preCheckoutQuerySchema.safeParse(ctx.preCheckoutQuery);
    if (!parsed.success) {
      logger.error(
        { updateId: ctx.update.update_id, issues: issuesOf(parsed.error) },
        'bot: malformed pre_checkout_query refused',
      );
      // Telegram's sheet waits for an answer: refuse it when the query can be named at all.
      if (namedParts.queryId.safeParse(ctx.preCheckoutQuery).success)
        await ctx.answerPreCheckoutQuery(false, refusal('unknown'));
      return;
    }
    const query = parsed.data;
    const verdict = await stars.preCheckout({
      fromId: query.from.id,
      currency: query.currency,
      totalAmount: query.total_amount,
      payload: query.invoice_payload,
    });
    if (verdict.ok) await ctx.answerPreCheckoutQuery(true);
    else await ctx.answerPreCheckoutQuery(false, refusal(verdict.reason));
  });

  feature.on('message:successful_payment', async (ctx) => {
    const parsed = paidMessageSchema.safeParse(ctx.message);
    if (!parsed.success) {
      const charge = namedParts.chargeId.safeParse(ctx.message.successful_payment);
      const sender = namedParts.sender.safeParse(ctx.message);
      logger.error(
        {
          updateId: ctx.update.update_id,
          issues: issuesOf(parsed.error),
          // What an operator needs to find the charge at Telegram, when the update names it.
          chargeId: charge.data?.telegram_payment_charge_id,
          fromId: sender.data?.from.id,
        },
        'bot: malformed successful_payment answered 200; nothing recorded',
      );
      return;
    }
    const { from, successful_payment: payment } = parsed.data;
    try {
      await stars.recordPayment({
        fromId: from.id,
        currency: payment.currency,
        totalAmount: payment.total_amount,
        payload: payment.invoice_payload,
        chargeId: payment.telegram_payment_charge_id,
      });
    } catch (error) {
      throw new RedeliverUpdateError(`payment ${payment.telegram_payment_charge_id} not recorded`, {
        cause: error,
      });
    }
  });

  feature.use(refundsFeature(stars, logger));

  return feature;
}

/**
 * refunded_payment: a refund made outside the server (a dispute, Telegram's support) takes the
 * purchase's gems back once per charge id (S14); one that could not be recorded is delivered again.
 */
function refundsFeature(stars: StarsService, logger: FastifyBaseLogger) {
  const feature = new Composer<BotContext>();

  feature.on('message:refunded_payment', async (ctx) => {
    const parsed = refundedMessageSchema.safeParse(ctx.message);
    if (!parsed.success) {
      const charge = namedParts.chargeId.safeParse(ctx.message.refunded_payment);
      const sender = namedParts.sender.safeParse(ctx.message);
      logger.error(
        {
          updateId: ctx.update.update_id,
          issues: issuesOf(parsed.error),
          chargeId: charge.data?.telegram_payment_charge_id,
          fromId: sender.data?.from.id,
        },
        'bot: malformed refunded_payment answered 200; nothing taken back',
      );
      return;
    }
    const { from, refunded_payment: refund } = parsed.data;
    try {
      await stars.recordTelegramRefund({
        fromId: from.id,
        currency: refund.currency,
        totalAmount: refund.total_amount,
        payload: refund.invoice_payload,
        chargeId: refund.telegram_payment_charge_id,
      });
    } catch (error) {
      throw new RedeliverUpdateError(`refund ${refund.telegram_payment_charge_id} not recorded`, {
        cause: error,
      });
    }
  });

  return feature;
}
