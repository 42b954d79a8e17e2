import type { Result } from '../core/result.ts';
import { ApiError } from './api-error.ts';

/** The `{code: 200, data, message}` envelope of a successful call. */
export function ok<T>(data: T, message: string) {
  return { code: 200, data, message };
}

/** The `{success: true, data, message}` envelope, for the routes the spec answers that way. */
export function success<T>(data: T, message: string) {
  return { success: true, data, message };
}

/** The HTTP edge of money code: a failed result becomes its error envelope, a success its value. */
export function orThrow<T>(result: Result<T>): T {
  if (!result.ok) throw new ApiError(result.code, result.message, result.data ?? null);
  return result.value;
}
