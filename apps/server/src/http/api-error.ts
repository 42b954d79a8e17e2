import { ERRORS, type ErrorCode } from '@titans/shared/errors';

/** An error a player or client caused: it carries a shared code and becomes an envelope. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERRORS[code].status;
  }
}
