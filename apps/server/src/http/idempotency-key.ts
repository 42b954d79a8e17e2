import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * The optional `Idempotency-Key` header of a purchase-like call: the web client sends one per
 * logical request (the same on its retry), and the BalanceGateway answers a replay with the first
 * answer. A malformed key is a 400 rather than silently ignored.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header))
    throw new ApiError('request/invalid', 'Invalid Idempotency-Key: use 8–128 letters, digits or _.:-');
  return header;
}
