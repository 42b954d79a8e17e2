import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { checkedInitData, initDataFrom } from '../auth/request-init-data.ts';
import { ApiError } from '../http/api-error.ts';

/** How a route counts against a player's budget (decisions: D-HARDEN-2). */
export type RateClass = 'read' | 'write' | 'purchase' | 'exempt';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Overrides the rate-limit class derived from the method and path: GET/HEAD are reads, a
     * POST/PUT/PATCH/DELETE whose path names a purchase (buy, purchase, upgrade, refill, claim,
     * spin, redeem, invoice, open) is a purchase, any other is a write.
     */
    rateClass?: RateClass;
  }
}

/** REST rate limits: calls per window, per player by kind and per address (D-HARDEN-2). */
export interface RestRateLimits {
  windowSeconds: number;
  reads: number;
  writes: number;
  purchases: number;
  address: number;
}

const PURCHASE_PATH = /(^|\/|-)(buy|purchase|upgrade|refill|claim|spin|redeem|invoice|open)(\/|-|$)/i;

/** Paths never limited: health checks, the Telegram webhook (its secret protects it), static files. */
export function isExemptPath(pathname: string): boolean {
  if (pathname === '/health' || pathname === '/v1/health') return true;
  if (pathname.includes('/telegram/webhook')) return true;
  return !(pathname === '/v1' || pathname.startsWith('/v1/'));
}

/** The class of a request: the route's `rateClass`, or one derived from method and route path. */
export function rateClassOf(request: FastifyRequest): RateClass {
  const configured = request.routeOptions.config?.rateClass;
  if (configured) return configured;
  const pathname = request.url.split('?')[0] ?? '';
  if (isExemptPath(pathname)) return 'exempt';
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'read';
  const routePath = request.routeOptions.url ?? pathname;
  return PURCHASE_PATH.test(routePath) ? 'purchase' : 'write';
}

export interface RateLimitDeps {
  limits: RestRateLimits;
  botToken: string;
  authMaxAgeSeconds: number;
  /** Share the counts between server processes through this Redis (REDIS_URL). */
  redisUrl?: string;
}

/**
 * Per-player and per-address REST limits on every /v1 route, including routes registered later
 * (rules: H3). A call with verified init data counts against that player only, before the account
 * is looked up, so a flood never reaches the database; a call without a valid identity counts
 * against its address. Over the limit: 429 `request/rate-limited`
 * with `Retry-After`. With REDIS_URL the counts live in Redis, so several processes share them;
 * a Redis failure lets calls through (logged) rather than refusing every player.
 */
export async function registerRateLimits(app: FastifyInstance, deps: RateLimitDeps) {
  const redis = deps.redisUrl ? rateLimitRedis(app, deps.redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    cache: 100_000,
    nameSpace: 'titans-rl:',
    ...(redis ? { redis } : {}),
  });
  const { limits } = deps;
  const limiter = counter(app, limits.windowSeconds * 1000);
  const byClass = {
    read: limiter(limits.reads),
    write: limiter(limits.writes),
    purchase: limiter(limits.purchases),
  };
  const byAddress = limiter(limits.address);
  app.addHook('onRequest', async (request, reply) => {
    const kind = rateClassOf(request);
    if (kind === 'exempt') return;
    // A verified player is counted as that player only: many players share one carrier NAT or
    // VPN address, and one player's flood must not spend their neighbours' budget (D-HARDEN-6).
    const result = initDataFrom(request)
      ? checkedInitData(request, deps.botToken, deps.authMaxAgeSeconds)
      : undefined;
    if (result?.ok) {
      const what = kind === 'read' ? 'requests' : kind === 'write' ? 'changes' : 'purchases';
      await enforce(request, reply, byClass[kind], `${kind}:${result.identity.telegramUserId}`, what);
      return;
    }
    // No identity, or one that failed its check: the address pays (the auth check then answers 401).
    await enforce(request, reply, byAddress, `addr:${request.ip}`, 'requests from this address');
  });
}

/** The Redis that several processes share their counts through; closed with the app. */
function rateLimitRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    // Connects on the first count, so an app that fails to start leaves no connection open.
    lazyConnect: true,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** The key each request is counted under, set by `enforce` just before its limiter runs. */
const keys = new WeakMap<FastifyRequest, string>();

/** The in-memory store keeps this many keys (players and addresses) per kind. */
const STORE = { cache: 100_000 };

/** A limiter of `max` calls per window, counting each request under its key. */
function counter(app: FastifyInstance, timeWindow: number) {
  return (max: number) =>
    app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => keys.get(request) ?? 'none',
      skipOnError: true,
      ...STORE,
    });
}

type Limiter = ReturnType<ReturnType<typeof counter>>;

/** Counts the request under `key`; over the limit, a 429 `request/rate-limited` with Retry-After. */
async function enforce(
  request: FastifyRequest,
  reply: FastifyReply,
  run: Limiter,
  key: string,
  what: string,
) {
  keys.set(request, key);
  const result = await run(request);
  if (result.isAllowed) return;
  if (!result.isExceeded) {
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    return;
  }
  const retryAfter = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', retryAfter);
  reply.header('x-ratelimit-limit', result.max);
  reply.header('x-ratelimit-remaining', 0);
  throw new ApiError('request/rate-limited', `Too many ${what}; try again in ${retryAfter} s`, {
    retry_after: retryAfter,
  });
}
