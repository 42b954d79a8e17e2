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
