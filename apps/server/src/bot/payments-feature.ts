import { Composer } from 'grammy';
import type { StarsService } from '../stars/stars-service.ts';
import { type BotContext, RedeliverUpdateError } from './bot-context.ts';

/**
 * Telegram Stars payments: pre_checkout_query is answered ok only for this player's pending order
 * at its price (S2); successful_payment credits once per telegram_payment_charge_id (S3).
 */
export function paymentsFeature(stars: StarsService) {
  const feature = new Composer<BotContext>();

  feature.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const verdict = await stars.preCheckout({
      fromId: query.from.id,
      currency: query.currency,
      totalAmount: query.total_amount,
      payload: query.invoice_payload,
    });
    if (verdict.ok) await ctx.answerPreCheckoutQuery(true);
    else await ctx.answerPreCheckoutQuery(false, { error_message: verdict.message });
  });

  feature.on('message:successful_payment', async (ctx) => {
    const payment = ctx.message.successful_payment;
    try {
      await stars.recordPayment({
        fromId: ctx.from.id,
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

  return feature;
}
