import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Config } from '../config/config.ts';
import type { BotContext } from './bot-context.ts';
import { ALLOWED_UPDATES } from './create-bot.ts';
import { WEBHOOK_PATH } from './webhook-routes.ts';

/**
 * On start with a real token and PUBLIC_URL: points Telegram at our webhook with the secret and
 * the updates we handle. A failure is logged, not fatal: the game runs, Stars wait for the webhook.
 */
export async function registerWebhook(bot: Bot<BotContext>, config: Config, logger: FastifyBaseLogger) {
  if (config.devMode || !config.publicUrl || !config.telegramWebhookSecret) return false;
  const url = new URL(WEBHOOK_PATH, config.publicUrl).toString();
  try {
    await bot.api.setWebhook(url, {
      secret_token: config.telegramWebhookSecret,
      allowed_updates: [...ALLOWED_UPDATES],
    });
    logger.info({ url }, 'Telegram webhook registered');
    return true;
  } catch (error) {
    logger.error({ err: error, url }, 'could not register the Telegram webhook');
    return false;
  }
}
