import { Api, GrammyError, type InlineKeyboard } from 'grammy';

/** How Telegram answered one reminder (BR7, BR9). */
export type SendOutcome =
  | { kind: 'sent' }
  /** 429: wait this many seconds, for the whole bot. */
  | { kind: 'retry-after'; seconds: number }
  /** 403: the player blocked the bot (or never started it). */
  | { kind: 'blocked'; description: string }
  /** Another 4xx: sending it again would not help. */
  | { kind: 'refused'; description: string }
  /** 5xx or the network: worth another try. */
  | { kind: 'transient'; description: string };

export interface ReminderTransport {
  send(chatId: number, text: string, button: InlineKeyboard | undefined): Promise<SendOutcome>;
}

/**
 * The bot's sendMessage through grammY's Bot API client, the one Telegram client of the server
 * (base URL TELEGRAM_API_ROOT), with Telegram's failures sorted into what the sender does next.
 */
export class TelegramReminderTransport implements ReminderTransport {
  private readonly api: Api;

  constructor(options: { botToken: string; apiRoot: string; environment: 'prod' | 'test' }) {
    this.api = new Api(options.botToken, {
      apiRoot: options.apiRoot,
      environment: options.environment,
      timeoutSeconds: 15,
    });
  }

  async send(chatId: number, text: string, button: InlineKeyboard | undefined): Promise<SendOutcome> {
    try {
      await this.api.sendMessage(chatId, text, button ? { reply_markup: button } : {});
      return { kind: 'sent' };
    } catch (error) {
      if (!(error instanceof GrammyError))
        return { kind: 'transient', description: error instanceof Error ? error.message : String(error) };
      if (error.error_code === 429)
        return { kind: 'retry-after', seconds: error.parameters.retry_after ?? 1 };
      if (error.error_code === 403) return { kind: 'blocked', description: error.description };
      if (error.error_code >= 500) return { kind: 'transient', description: error.description };
      return { kind: 'refused', description: error.description };
    }
  }
}
