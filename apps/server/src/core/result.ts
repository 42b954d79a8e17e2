import type { ErrorCode } from '@titans/shared/errors';

/**
 * What services answer instead of throwing HTTP errors: the value, or a shared error code (with an
 * optional message and data for the envelope). Only the HTTP and socket edges turn a failure into
 * a status.
 */
export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; code: ErrorCode; message?: string; data?: unknown };

export type Failure = Extract<Result<never>, { ok: false }>;

export function succeeded<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function failed(code: ErrorCode, message?: string, data?: unknown): Failure {
  const failure: Failure = { ok: false, code };
  if (message !== undefined) failure.message = message;
  if (data !== undefined) failure.data = data;
  return failure;
}
