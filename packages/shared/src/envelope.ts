import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * The two response envelopes. The HTTP status always equals `code`.
 * Errors add `error`, a shared error code, so clients can branch without parsing text.
 */
export interface CodeEnvelope<T> {
  code: number;
  data: T;
  message: string;
  error?: ErrorCode;
}

export interface SuccessEnvelope<T> {
  success: boolean;
  data: T;
  message: string;
  error?: ErrorCode;
}

/** Zod schema of a `{code, data, message}` envelope around `data`. */
export function codeEnvelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string(), error: z.string().optional() });
}

/** Zod schema of a `{success, data, message}` envelope around `data`. */
export function successEnvelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ success: z.boolean(), data, message: z.string(), error: z.string().optional() });
}
