import { Composer, InlineKeyboard } from 'grammy';
import type { Config } from '../config/config.ts';
import type { BotContext } from './bot-context.ts';

/** What Telegram accepts as a Mini App start parameter (and the server's init data check passes on). */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

export const WELCOME_TEXT =
  'Welcome to Titans! Tap your hero to earn coins, battle other players in the Arena and climb the leaderboard.\n\n' +
  'Reminders from this bot (energy full, daily reward, friends, rematches) can be switched on or off in Profile → Reminders; /stop turns them all off.';

/**
 * The button that opens the game. A t.me direct link carries the start parameter inside the
 * signed init data (so a referral code arrives where the server trusts it); without a registered
 * Mini App name the button opens PUBLIC_URL as a web app.
 */
export function playButton(config: Config, startParam: string | undefined): InlineKeyboard | undefined {
  const param = startParam && START_PARAM.test(startParam) ? startParam : undefined;
  if (config.botUsername && config.miniAppName) {
    const link = new URL(`https://t.me/${config.botUsername}/${config.miniAppName}`);
    if (param) link.searchParams.set('startapp', param);
    return new InlineKeyboard().url('Play Titans', link.toString());
  }
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    if (param) url.searchParams.set('startapp', param);
    return new InlineKeyboard().webApp('Play Titans', url.toString());
  }
  return undefined;
}

/** /start [parameter]: a welcome with the button that opens the Mini App, passing the parameter on. */
export function startFeature(config: Config) {
  const feature = new Composer<BotContext>();
  feature.command('start', async (ctx) => {
    const keyboard = playButton(config, ctx.match || undefined);
    await ctx.reply(WELCOME_TEXT, keyboard ? { reply_markup: keyboard } : {});
  });
  return feature;
}
