import { randomBytes } from 'node:crypto';
import http from 'node:http';

/** One Bot API call the fake received. */
export interface BotApiCall {
  token: string;
  /** Called at /bot<token>/test/<method>: a bot of Telegram's test environment. */
  test: boolean;
  method: string;
  body: Record<string, unknown>;
}

export interface FakeBotApi {
  /** Use as TELEGRAM_API_ROOT. */
  url: string;
  calls: BotApiCall[];
  callsOf(method: string): BotApiCall[];
  /**
   * Makes the next call of `method` fail the way Telegram fails (`{ok:false, error_code,
   * description}`, with `parameters` such as `{retry_after}` for a 429).
   */
  failNext(method: string, errorCode: number, description: string, parameters?: Record<string, number>): void;
  close(): Promise<void>;
}

export const FAKE_BOT_USER = {
  id: 4242,
  is_bot: true,
  first_name: 'Titans',
  username: 'titans_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
};

/**
 * A local stand-in for api.telegram.org speaking the Bot API's wire format: POST
 * /bot<token>/<method> with a JSON body, answered `{ok: true, result}` or `{ok: false,
 * error_code, description}`. It records every call so tests can check the exact requests.
 */
export async function startFakeBotApi(): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const failures = new Map<
    string,
    { error_code: number; description: string; parameters?: Record<string, number> }
  >();
  const refunded = new Set<string>();
  let messageId = 1;

  const resultOf = (method: string, body: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return FAKE_BOT_USER;
      case 'createInvoiceLink':
        return `https://t.me/$${randomBytes(12).toString('base64url')}`;
      case 'answerPreCheckoutQuery':
      case 'setWebhook':
      case 'deleteWebhook':
        return true;
      case 'refundStarPayment': {
        const charge = String(body.telegram_payment_charge_id);
        if (refunded.has(charge))
          throw { error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' };
        refunded.add(charge);
        return true;
      }
      case 'sendMessage':
        return {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'private' },
          from: FAKE_BOT_USER,
          text: body.text,
        };
      default:
        throw { error_code: 404, description: 'Not Found: method not found' };
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(test\/)?(\w+)$/.exec(request.url?.split('?')[0] ?? '');
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, test, method] = match as unknown as [string, string, string | undefined, string];
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      calls.push({ token, test: test !== undefined, method, body });
      const failure = failures.get(method);
      if (failure) {
        failures.delete(method);
        return send(failure.error_code, { ok: false, ...failure });
      }
      try {
        send(200, { ok: true, result: resultOf(method, body) });
      } catch (error) {
        const { error_code, description } = error as { error_code: number; description: string };
        send(error_code, { ok: false, error_code, description });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    failNext(method, errorCode, description, parameters) {
      failures.set(method, { error_code: errorCode, description, ...(parameters ? { parameters } : {}) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let updateId = 1_000;

/** Telegram's pre_checkout_query update. */
export function preCheckoutUpdate(options: {
  fromId: number;
  payload: string;
  amount: number;
  currency?: string;
  languageCode?: string;
}) {
  return {
    update_id: updateId++,
    pre_checkout_query: {
      id: `pcq-${randomBytes(6).toString('hex')}`,
      from: {
        id: options.fromId,
        is_bot: false,
        first_name: `Player${options.fromId}`,
        ...(options.languageCode ? { language_code: options.languageCode } : {}),
      },
      currency: options.currency ?? 'XTR',
      total_amount: options.amount,
      invoice_payload: options.payload,
    },
  };
}

/** Telegram's message update carrying a successful_payment. */
export function successfulPaymentUpdate(options: {
  fromId: number;
  payload: string;
  amount: number;
  chargeId: string;
  currency?: string;
  updateId?: number;
}) {
  const from = { id: options.fromId, is_bot: false, first_name: `Player${options.fromId}` };
  return {
    update_id: options.updateId ?? updateId++,
    message: {
      message_id: updateId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: options.fromId, type: 'private', first_name: from.first_name },
      from,
      successful_payment: {
        currency: options.currency ?? 'XTR',
        total_amount: options.amount,
        invoice_payload: options.payload,
        telegram_payment_charge_id: options.chargeId,
        provider_payment_charge_id: '',
      },
    },
  };
}

/** Telegram's message update with a command; `languageCode` is the sender's Telegram language. */
export function commandUpdate(fromId: number, text: string, languageCode?: string) {
  const from = {
    id: fromId,
    is_bot: false,
    first_name: `Player${fromId}`,
    ...(languageCode ? { language_code: languageCode } : {}),
  };
  const command = text.split(' ')[0]!;
  return {
    update_id: updateId++,
    message: {
      message_id: updateId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: fromId, type: 'private', first_name: from.first_name },
      from,
      text,
      entities: [{ type: 'bot_command', offset: 0, length: command.length }],
    },
  };
}

/** Posts an update to the app's webhook as Telegram does. */
export async function postWebhook(baseUrl: string, update: unknown, secret: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
  const response = await fetch(`${baseUrl}/telegram/webhook`, {
    method: 'POST',
    headers,
    body: JSON.stringify(update),
  });
  return { status: response.status, text: await response.text() };
}
