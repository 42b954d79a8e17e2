import type { Language } from '@titans/shared/i18n/languages';
import { Composer, InlineKeyboard } from 'grammy';
import type { Config } from '../config/config.ts';
import { serverText } from '../i18n/server-texts.ts';
import { type BotContext, updateLanguage } from './bot-context.ts';

/** What Telegram accepts as a Mini App start parameter (and the server's init data check passes on). */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The button that opens the game. A t.me direct link carries the start parameter inside the
 * signed init data (so a referral code arrives where the server trusts it); without a registered
 * Mini App name the button opens PUBLIC_URL as a web app.
 */
export function playButton(
  config: Config,
  startParam: string | undefined,
  language: Language,
): InlineKeyboard | undefined {
  const param = startParam && START_PARAM.test(startParam) ? startParam : undefined;
  const label = serverText(language, 'start.play-button');
  if (config.botUsername && config.miniAppName) {
    const link = new URL(`https://t.me/${config.botUsername}/${config.miniAppName}`);
    if (param) link.searchParams.set('startapp', param);
    return new InlineKeyboard().url(label, link.toString());
  }
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    if (param) url.searchParams.set('startapp', param);
    return new InlineKeyboard().webApp(label, url.toString());
  }
  return undefined;
}

/** /start [parameter]: a welcome in the sender's language (L3) with the button that opens the Mini App, passing the parameter on. */
export function startFeature(config: Config) {
  const feature = new Composer<BotContext>();
  feature.command('start', async (ctx) => {
    const language = updateLanguage(ctx);
    const keyboard = playButton(config, ctx.match || undefined, language);
    await ctx.reply(serverText(language, 'start.welcome'), keyboard ? { reply_markup: keyboard } : {});
  });
  return feature;
}
