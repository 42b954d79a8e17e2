import type { ErrorCode } from '@titans/shared/errors';

/** Failures the client detects itself, before or instead of a server envelope. */
export type ClientErrorCode = 'client/timeout' | 'client/network' | 'client/bad-response';

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
    super(message);
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
