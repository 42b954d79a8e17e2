import type { ErrorCode } from '@titans/shared/errors';

/**
 * How an error code's text reaches the player: lib/i18n sets it (this module is in the entry
 * script, which must not import the app's chunk); until then the message as sent.
 */
let translate = (_code: string, message: string) => message;

export function setErrorTranslator(translator: (code: string, message: string) => string): void {
  translate = translator;
}

/** Failures the client detects itself, before or instead of a server envelope. */
export type ClientErrorCode = 'client/timeout' | 'client/network' | 'client/bad-response';

/** The English texts of the client's own codes (the catalogues translate them like the server's). */
// i18n-lint-ignore: the English source i18n:extract writes into en.json as errors.client.* (D-I18N-WEB-5)
export const CLIENT_ERROR_TEXTS: Readonly<Record<ClientErrorCode, string>> = {
  'client/timeout': 'The request took too long',
  'client/network': 'Could not reach the game server',
  'client/bad-response': 'The server sent an answer the app does not understand',
};

/**
 * A failed API call: the HTTP status (0 when no response came), the shared error code of the
 * envelope (or a client code), the message to show, and the envelope's data.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode | undefined,
    message: string,
    readonly data: unknown = null,
  ) {
    // Codes stay codes; the player reads the code's text in their language (English: as sent).
    super(code ? translate(code, message) : message);
    this.name = 'ApiError';
  }

  /** True when the server answered (as opposed to a timeout or a network failure). */
  get isHttpError(): boolean {
    return this.status > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
