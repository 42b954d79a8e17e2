import type { FastifyRequest } from 'fastify';

/** Which of spec-a's envelopes a route answers with; routes opt into `success` in their config. */
export type EnvelopeKind = 'code' | 'success';

declare module 'fastify' {
  interface FastifyContextConfig {
    envelope?: EnvelopeKind;
    /** `none` for the few routes that need no Telegram identity (health, development init data). */
    auth?: 'required' | 'none';
    /** Name of the path parameter that must be the caller's Telegram id. */
    userParam?: string;
  }
}

export function envelopeKindOf(request: FastifyRequest): EnvelopeKind {
  return request.routeOptions.config?.envelope ?? 'code';
}

/** Builds a response envelope of the given kind. The HTTP status always equals `code`. */
export function envelope(kind: EnvelopeKind, status: number, data: unknown, message: string, error?: string) {
  const body: Record<string, unknown> =
    kind === 'success' ? { success: status < 400, data, message } : { code: status, data, message };
  if (error) body.error = error;
  return body;
}
