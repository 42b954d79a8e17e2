import type { FastifyInstance } from 'fastify';
import { type Bot, webhookCallback } from 'grammy';
import type { BotContext } from './bot-context.ts';

export const WEBHOOK_PATH = '/telegram/webhook';

/**
 * POST /telegram/webhook: Telegram's updates, accepted only with the X-Telegram-Bot-Api-Secret-Token
 * header equal to TELEGRAM_WEBHOOK_SECRET (otherwise 401 and nothing happens).
 */
export function webhookRoutes({ bot, secretToken }: { bot: Bot<BotContext>; secretToken: string }) {
  const handle = webhookCallback(bot, 'fastify', { secretToken });
  return async (app: FastifyInstance) => {
    app.post(WEBHOOK_PATH, { config: { auth: 'none' } }, handle);
  };
}
