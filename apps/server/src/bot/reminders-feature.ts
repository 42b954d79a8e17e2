import type { FastifyBaseLogger } from 'fastify';
import { Composer } from 'grammy';
import { serverText } from '../i18n/server-texts.ts';
import type { ReminderService } from '../reminders/reminder-service.ts';
import { type BotContext, updateLanguage } from './bot-context.ts';

/**
 * BR6: /stop turns every reminder off and drops the queued ones. Any message from the player
 * also means the bot can write to them again (BR7), so it runs first and lets the update go on.
 */
export function remindersFeature(reminders: ReminderService, logger: FastifyBaseLogger) {
  const feature = new Composer<BotContext>();
  feature.command('stop', async (ctx) => {
    const fromId = ctx.from?.id;
    if (!fromId) return;
    const known = await reminders.stopAll(fromId);
    await ctx.reply(serverText(updateLanguage(ctx), known ? 'stop.done' : 'stop.unknown'));
  });
  feature.command('start', async (ctx, next) => {
    const fromId = ctx.from?.id;
    if (fromId)
      await reminders
        .reachable(fromId)
        .catch((error: unknown) =>
          logger.error({ err: error, fromId }, 'bot: /start could not clear a block'),
        );
    await next();
  });
  return feature;
}
