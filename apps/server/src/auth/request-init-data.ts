import type { FastifyRequest } from 'fastify';
import {
  authDateProblem,
  type InitDataResult,
  type TelegramIdentity,
  validateInitData,
} from './init-data.ts';

/** The init data of `Authorization: tma <init data>`, or undefined without one. */
export function initDataFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^tma\s+(.+)$/i.exec(header.trim())?.[1];
}

/** How many signed init data strings one bot token's cache keeps; the oldest goes first. */
const VERIFIED_CAPACITY = 20_000;

/**
 * Init data whose signature checked out, per bot token. A client sends the same init data with
 * every call of its session, and checking it is an HMAC, a parse of the user and a schema
 * (a measurable share of a REST call's CPU: docs/benchmarks.md). Only data that passed is kept, so what fills the cache is
 * what Telegram signed; its age is checked again on every use, so it still expires.
 */
const verified = new Map<string, Map<string, TelegramIdentity>>();

/** `validateInitData` for data this process has already checked: the signature once, the age every time. */
export function verifiedInitData(
  raw: string | undefined,
  botToken: string,
  maxAgeSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): InitDataResult {
  if (!raw) return validateInitData(raw, botToken, maxAgeSeconds, nowSeconds);
  let known = verified.get(botToken);
  const identity = known?.get(raw);
  if (identity) {
    const problem = authDateProblem(identity.authDate, maxAgeSeconds, nowSeconds);
    return problem ? { ok: false, problem } : { ok: true, identity };
  }
  const result = validateInitData(raw, botToken, maxAgeSeconds, nowSeconds);
  if (result.ok) {
    if (!known) {
      known = new Map();
      verified.set(botToken, known);
    }
    if (known.size >= VERIFIED_CAPACITY) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(raw, result.identity);
  }
  return result;
}

const checked = new WeakMap<FastifyRequest, InitDataResult>();

/**
 * A request's init data, checked once: the rate limits and the auth check both need the caller,
 * and a signature this process verified before is not computed again.
 */
export function checkedInitData(
  request: FastifyRequest,
  botToken: string,
  maxAgeSeconds: number,
): InitDataResult {
  let result = checked.get(request);
  if (!result) {
    result = verifiedInitData(initDataFrom(request), botToken, maxAgeSeconds);
    checked.set(request, result);
  }
  return result;
}
