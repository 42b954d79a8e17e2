import type { FastifyRequest } from 'fastify';
import { type InitDataResult, validateInitData } from './init-data.ts';

/** The init data of `Authorization: tma <init data>`, or undefined without one. */
export function initDataFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^tma\s+(.+)$/i.exec(header.trim())?.[1];
}

const checked = new WeakMap<FastifyRequest, InitDataResult>();

/**
 * A request's init data, checked once: the rate limits and the auth check both need the caller,
 * and each check is an HMAC, a parse of the user and a schema (issue 6).
 */
export function checkedInitData(
  request: FastifyRequest,
  botToken: string,
  maxAgeSeconds: number,
): InitDataResult {
  let result = checked.get(request);
  if (!result) {
    result = validateInitData(initDataFrom(request), botToken, maxAgeSeconds);
    checked.set(request, result);
  }
  return result;
}
