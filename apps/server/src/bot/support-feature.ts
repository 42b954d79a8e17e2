import { Composer } from 'grammy';
import type { BotContext } from './bot-context.ts';

/** Telegram requires bots that sell digital goods to answer /paysupport and /terms. */
export const PAY_SUPPORT_TEXT = [
  'Need help with a Stars purchase?',
  'Reply here with what happened and the order number from Transaction History (it starts with TG-ORDER or TON-ORDER).',
  'Our team answers within 48 hours. Stars paid for a package that was not credited are refunded to your Telegram balance.',
].join('\n\n');

export const TERMS_TEXT = [
  'Titans terms of purchase',
  '1. Stars (diamonds) are a virtual currency usable only inside Titans; they have no cash value and cannot be exchanged back.',
  '2. A package is credited once Telegram confirms the payment, or once a TON transaction to our wallet carrying your order comment is final.',
  '3. Refunds are made by our support team (/paysupport). A refund takes back the diamonds the package credited.',
  '4. Accounts suspended for cheating lose access to their balance.',
].join('\n');

export function supportFeature() {
  const feature = new Composer<BotContext>();
  feature.command('paysupport', (ctx) => ctx.reply(PAY_SUPPORT_TEXT));
  feature.command('terms', (ctx) => ctx.reply(TERMS_TEXT));
  return feature;
}
