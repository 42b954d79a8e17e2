import type { FastifyBaseLogger } from 'fastify';
import { Bot, Composer } from 'grammy';
import type { Config } from '../config/config.ts';
import type { Reminders } from '../reminders/reminders-setup.ts';
import type { StarsService } from '../stars/stars-service.ts';
import { type BotContext, RedeliverUpdateError } from './bot-context.ts';
import { paymentsFeature } from './payments-feature.ts';
import { remindersFeature } from './reminders-feature.ts';
import { startFeature } from './start-feature.ts';
import { supportFeature } from './support-feature.ts';

export interface BotDeps {
  config: Config;
  logger: FastifyBaseLogger;
  stars: StarsService;
  reminders: Pick<Reminders, 'service'>;
}

/** Updates the bot subscribes to (setWebhook's allowed_updates). */
export const ALLOWED_UPDATES = ['message', 'pre_checkout_query'] as const;

/**
 * The Telegram bot: one Composer per feature inside an error boundary, an "unhandled" feature
 * last. Its Bot API base is TELEGRAM_API_ROOT, so tests talk to a local fake.
 */
export function createBot(deps: BotDeps): Bot<BotContext> {
  const { config, logger } = deps;
  const bot = new Bot<BotContext>(config.botToken, {
    client: { apiRoot: config.telegramApiRoot, environment: config.telegramEnvironment },
  });

  const unhandled = new Composer<BotContext>();
  unhandled.on('message', (ctx) =>
    logger.debug({ updateId: ctx.update.update_id }, 'bot: unhandled message'),
  );

  bot.errorBoundary(
    (error) => {
      // A payment that could not be recorded must be delivered again: answer the webhook with an error.
      if (error.error instanceof RedeliverUpdateError) throw error.error;
      logger.error({ err: error.error, updateId: error.ctx.update.update_id }, 'bot update failed');
    },
    remindersFeature(deps.reminders.service, logger),
    startFeature(config),
    supportFeature(),
    paymentsFeature(deps.stars, logger),
    unhandled,
  );
  return bot;
}
