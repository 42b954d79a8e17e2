import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { registerEdgeInputCheck } from '../hardening/edge-input.ts';
import { registerRateLimits } from '../hardening/rate-limits.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { GameMetrics } from '../metrics/game-metrics.ts';
import { registerSecurityHeaders } from '../web/web-serving.ts';

/** Believes the nearest `hops` proxies, like Express's numeric trust proxy. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The HTTP server with what every route needs before any is added: schemas, the error envelope,
 * the Prometheus latency hook (METRICS_TOKEN), security headers, rate limits and input hardening.
 */
export async function createHttpServer(
  config: Config,
  logger: FastifyServerOptions['logger'],
): Promise<{ app: FastifyInstance; gameMetrics: GameMetrics | null }> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Only the configured proxies may name the client (D-HARDEN-5): believing every hop would let
    // a client send its own X-Forwarded-For and escape the per-address limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // Clients send JSON only; `__proto__` and `constructor.prototype` keys are refused with 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A body that trickles in must not hold a connection for ever (decisions: D-HTTP-1). Node only
    // enforces requestTimeout when it is given to the server's constructor (setting it afterwards,
    // as Fastify's own option does, is ignored), and checks it every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, config.requestTimeoutMs / 4)),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Prometheus series (METRICS_TOKEN): the REST latency hook goes first so it sees every route.
  const gameMetrics = config.metricsToken ? new GameMetrics() : null;
  if (gameMetrics) app.addHook('onResponse', gameMetrics.onResponse);
  await registerSecurityHeaders(app, config);
  // Before any route, so routes added later are covered too: rate limits, then input hardening.
  await registerRateLimits(app, {
    limits: config.rateLimits,
    botToken: config.botToken,
    authMaxAgeSeconds: config.authMaxAgeSeconds,
    redisUrl: config.rateLimitRedisUrl,
  });
  registerEdgeInputCheck(app);
  return { app, gameMetrics };
}
