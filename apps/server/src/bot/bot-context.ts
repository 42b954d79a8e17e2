import { type Language, languageFromTelegram } from '@titans/shared/i18n/languages';
import type { Context } from 'grammy';

export type BotContext = Context;

/**
 * Thrown by a handler when Telegram must deliver the update again (a payment that could not be
 * recorded). The error boundary lets it through, so the webhook answers an error status.
 */
export class RedeliverUpdateError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RedeliverUpdateError';
  }
}

/** L3: the bot answers an update in the language its sender's Telegram is set to (English else). */
export function updateLanguage(ctx: BotContext): Language {
  // Updates are checked only in the parts a feature reads: the code may be anything here.
  const code: unknown = ctx.from?.language_code;
  return languageFromTelegram(typeof code === 'string' ? code : undefined);
}
