import { Composer } from 'grammy';
import { serverText } from '../i18n/server-texts.ts';
import { type BotContext, updateLanguage } from './bot-context.ts';

/**
 * Telegram requires bots that sell digital goods to answer /paysupport and /terms; both answer in
 * the sender's language (L3).
 */
export function supportFeature() {
  const feature = new Composer<BotContext>();
  feature.command('paysupport', (ctx) => ctx.reply(serverText(updateLanguage(ctx), 'support.pay-support')));
  feature.command('terms', (ctx) => ctx.reply(serverText(updateLanguage(ctx), 'support.terms')));
  return feature;
}
