import { randomBytes } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { checkedInitData, initDataFrom } from '../auth/request-init-data.ts';
import type { RestRateLimits } from '../config/config-types.ts';
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
 * while that Redis fails or stalls each process limits on its own to its share of every limit
 * (the limit divided by the processes that shared the counts; rules: CR5, D-CLUSTER-25), never to
 * no limit and never refusing every player.
 */
export async function registerRateLimits(app: FastifyInstance, deps: RateLimitDeps) {
  const redis = deps.redisUrl ? rateLimitRedis(app, deps.redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared counts that fail are caught by `enforce`, which falls back to this process's share.
    skipOnError: false,
    cache: 100_000,
    nameSpace: 'titans-rl:',
    ...(redis ? { redis } : {}),
  });
  const { limits } = deps;
  const windowMs = limits.windowSeconds * 1000;
  const limiter = counter(app, windowMs);
  const fallback = redis ? new ProcessShare(app, redis, windowMs) : null;
  const byClass = {
    read: { run: limiter(limits.reads), max: limits.reads },
    write: { run: limiter(limits.writes), max: limits.writes },
    purchase: { run: limiter(limits.purchases), max: limits.purchases },
  };
  const byAddress = { run: limiter(limits.address), max: limits.address };
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
      await enforce(
        request,
        reply,
        byClass[kind],
        `${kind}:${result.identity.telegramUserId}`,
        what,
        fallback,
      );
      return;
    }
    // No identity, or one that failed its check: the address pays (the auth check then answers 401).
    await enforce(request, reply, byAddress, `addr:${request.ip}`, 'requests from this address', fallback);
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
      skipOnError: false,
      ...STORE,
    });
}

type Limiter = { run: ReturnType<ReturnType<typeof counter>>; max: number };

/** What a limiter says about one request: the plugin's answer, or this process's share's in its shape. */
type Verdict = Awaited<ReturnType<Limiter['run']>>;

/** Counts the request under `key`; over the limit, a 429 `request/rate-limited` with Retry-After. */
async function enforce(
  request: FastifyRequest,
  reply: FastifyReply,
  limiter: Limiter,
  key: string,
  what: string,
  fallback: ProcessShare | null,
) {
  keys.set(request, key);
  const result: Verdict =
    fallback?.active() === true
      ? fallback.count(key, limiter.max)
      : await limiter.run(request).catch((error: unknown) => {
          if (!fallback) throw error;
          return fallback.failed(error).count(key, limiter.max);
        });
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

/** How long the limiter counts on its own after the shared counts failed, before it tries them again. */
const FALLBACK_FOR_MS = 2_000;
/** How often a process says it shares the counts, and how long that lasts. */
const PEER_BEAT_MS = 2_000;
const PEER_TTL_MS = 6_000;
/** Says this process shares the counts, forgets silent ones, answers how many share them (one command). */
const PEER_BEAT_LUA = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return redis.call('ZCARD', KEYS[1])`;
/** Keys this process counts on its own at most (players and addresses of one window). */
const FALLBACK_KEYS = 100_000;

/**
 * The limiter while its Redis fails or stalls (rules: CR5; decisions: D-CLUSTER-25): each
 * process counts in memory, per key and window, up to its share of the limit — the limit divided
 * by the processes that shared the counts when Redis last answered (each says so every 2 s in a
 * sorted set beside the counts). After a failure it counts here for 2 s before it tries Redis
 * again, so a stalled Redis costs one command timeout per 2 s, not one per request.
 */
class ProcessShare {
  private readonly id = randomBytes(6).toString('hex');
  private readonly peersKey = 'titans-rl:processes';
  private peers = 1;
  private until = 0;
  private lastWarned = 0;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly redis: Redis,
    private readonly windowMs: number,
  ) {
    let timer: NodeJS.Timeout | undefined;
    // From the moment the app is ready: one that fails to start opens no connection.
    app.addHook('onReady', async () => {
      timer = setInterval(() => void this.beat(), PEER_BEAT_MS);
      timer.unref();
      void this.beat();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (redis.status === 'ready') await redis.zrem(this.peersKey, this.id).catch(() => 0);
    });
  }

  /** Whether a recent failure keeps counting here. */
  active(): boolean {
    return Date.now() < this.until;
  }

  /** The shared counts failed: count here for a while (warned at most every 5 s). */
  failed(error: unknown): this {
    const now = Date.now();
    this.until = now + FALLBACK_FOR_MS;
    if (now - this.lastWarned >= 5_000) {
      this.lastWarned = now;
      this.app.log.warn(
        { err: error, processes: this.peers },
        'rate limits: shared counts unavailable; limiting this process to its share',
      );
    }
    return this;
  }

  count(key: string, limit: number): Verdict {
    const now = Date.now();
    const max = Math.max(1, Math.floor(limit / this.peers));
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= FALLBACK_KEYS) this.prune(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    const ttl = window.resetAt - now;
    return {
      isAllowed: false,
      key,
      max,
      timeWindow: this.windowMs,
      remaining: Math.max(0, max - window.count),
      ttl,
      ttlInSeconds: Math.ceil(ttl / 1000),
      isExceeded: window.count > max,
      isBanned: false,
    };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full: the oldest keys go (a flood of new addresses must not grow memory).
    for (const key of this.windows.keys()) {
      if (this.windows.size < FALLBACK_KEYS) break;
      this.windows.delete(key);
    }
  }

  private async beat() {
    const now = Date.now();
    try {
      const peers = Number(
        await this.redis.eval(
          PEER_BEAT_LUA,
          1,
          this.peersKey,
          now,
          this.id,
          now - PEER_TTL_MS,
          PEER_TTL_MS * 10,
        ),
      );
      if (Number.isInteger(peers) && peers > 0) this.peers = peers;
    } catch {
      // Redis away: the last count stands.
    }
  }
}
