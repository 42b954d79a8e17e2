import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Bot, BotError } from 'grammy';
import { type BotContext, RedeliverUpdateError } from './bot-context.ts';
import { issuesOf, isUpdate, updateEnvelopeSchema } from './telegram-updates.ts';

export const WEBHOOK_PATH = '/telegram/webhook';
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A body that is not JSON at all: kept apart so the handler can answer it as malformed. */
const NOT_JSON = Symbol('not JSON');

function secretMatches(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /telegram/webhook: Telegram's updates, accepted only with the X-Telegram-Bot-Api-Secret-Token
 * header equal to TELEGRAM_WEBHOOK_SECRET (otherwise 401 and nothing happens). Telegram delivers an
 * update again until it gets a 2xx, so every answer is 200 except one: a handler that could not
 * record what the update says (RedeliverUpdateError) answers 500. A malformed update is logged
 * and answered 200, since delivering it again could never help (rule S11).
 */
export function webhookRoutes({ bot, secretToken }: { bot: Bot<BotContext>; secretToken: string }) {
  return async (app: FastifyInstance) => {
    const logger = app.log;
    // Only this route's JSON: a body that does not parse is an update to answer, not a 400.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body.toString()));
      } catch {
        done(null, NOT_JSON);
      }
    });

    app.post(WEBHOOK_PATH, { config: { auth: 'none' } }, async (request, reply) => {
      if (!secretMatches(request.headers[SECRET_HEADER], secretToken))
        return reply.code(401).send('secret token is wrong');
      const update: unknown = request.body;
      if (!isUpdate(update)) {
        const envelope = updateEnvelopeSchema.safeParse(update);
        const issues =
          update === NOT_JSON || envelope.success ? ['body: not JSON'] : issuesOf(envelope.error);
        logger.error({ issues }, 'bot: malformed update answered 200 and dropped');
        return reply.send('');
      }
      try {
        // The first update asks Telegram who the bot is (getMe); failing that, the update waits.
        if (!bot.isInited()) await bot.init();
        await bot.handleUpdate(update);
      } catch (error) {
        const cause = error instanceof BotError ? error.error : error;
        if (cause instanceof RedeliverUpdateError || !bot.isInited()) {
          logger.error(
            { err: cause, updateId: update.update_id },
            'bot: update not recorded, answered 500 so Telegram delivers it again',
          );
          return reply.code(500).send('');
        }
        // The error boundary logs a feature's failure; only a failure outside it arrives here.
        logger.error({ err: cause, updateId: update.update_id }, 'bot: update failed');
      }
      return reply.send('');
    });
  };
}
