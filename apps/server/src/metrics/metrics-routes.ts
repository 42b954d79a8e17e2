import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { TapEngine } from '../taps/tap-engine.ts';
import type { GameMetrics } from './game-metrics.ts';
import type { GameSources } from './game-sources.ts';

export interface MetricsDeps {
  token: string;
  engine: TapEngine;
  connectedSockets(): number;
  /** The socket dispatcher's message counters (received, taken directly, refused, invalid). */
  socketStats?: GameSources['socketStats'];
  /** The leaderboard snapshot's refresh counters. */
  leaderboard?: () => unknown;
  database: Database;
  /** The Arena's counters (rooms, battles started and paid, timer lateness samples). */
  arena?: () => Record<string, unknown>;
  /** The Prometheus series (decisions D-OPS-2). */
  prometheus: GameMetrics;
}

/**
 * Prometheus' text format is what /metrics answers, as every exporter does (OPS6); JSON is asked
 * for with `?format=json` (the benchmarks and the soak) or an `Accept` naming only
 * `application/json`. `?format=` overrides the header.
 */
export function wantsPrometheus(accept: string | undefined, format: 'json' | 'prometheus' | undefined) {
  if (format) return format === 'prometheus';
  const named = accept ?? '';
  return !/application\/json/i.test(named) || /text\/plain|application\/openmetrics-text/i.test(named);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The process's part of /metrics: CPU, memory and uptime. With `gc` and --expose-gc, garbage is
 * collected first so heap figures are comparable. The benchmarks' stand-in servers answer with it.
 */
export function processMetrics(gc: boolean) {
  // Present only under --expose-gc.
  const collect = globalThis.gc;
  if (gc && collect) {
    collect();
    collect();
  }
  return {
    pid: process.pid,
    uptime: process.uptime(),
    gcAvailable: Boolean(collect),
    memory: process.memoryUsage(),
    cpu: process.cpuUsage(),
  };
}

/**
 * GET /metrics (only when METRICS_TOKEN is set; `Authorization: Bearer <token>`): the Prometheus
 * text exposition of GameMetrics, or with `?format=json` JSON: process CPU and memory, connected
 * sockets, the tap engine's counters, the database's connection state and (PGlite) the data
 * folder's size. `?gc=1` collects garbage first when the process runs with --expose-gc, so heap
 * figures are comparable (benchmarks use it).
 */
export function metricsRoutes({
  token,
  engine,
  connectedSockets,
  socketStats,
  leaderboard,
  database,
  arena,
  prometheus,
}: MetricsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/metrics',
      {
        config: { auth: 'none' },
        schema: {
          querystring: z.strictObject({
            gc: z.enum(['0', '1']).optional(),
            format: z.enum(['json', 'prometheus']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const header = request.headers.authorization ?? '';
        if (!sameSecret(header, `Bearer ${token}`)) {
          reply.status(401);
          return {
            code: 401,
            data: null,
            message: 'Metrics need the METRICS_TOKEN bearer token',
            error: 'auth/missing',
          };
        }
        if (wantsPrometheus(request.headers.accept, request.query.format)) {
          const text = await prometheus.text();
          reply.type(prometheus.contentType);
          return text;
        }
        return {
          code: 200,
          data: {
            ...processMetrics(request.query.gc === '1'),
            sockets: connectedSockets(),
            socketMessages: socketStats?.() ?? null,
            engineUsers: engine.size,
            taps: engine.stats,
            leaderboard: leaderboard?.() ?? null,
            // PGlite: DATA_DIR/pglite and pg_wal sizes as of the last check (null on PostgreSQL).
            storage: database.storage(),
            db: database.health(),
            ...(arena ? { arena: arena() } : {}),
          },
          message: 'Metrics',
        };
      },
    );
  };
}
