import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database.ts';

/**
 * GET /health and /v1/health: 200 when the database answers, 503 otherwise; `db` tells operators
 * how the connection has fared (lost connections, retries, the last error). A draining process
 * (SIGTERM, D-CLUSTER-11) answers 503 `draining` so the balancer stops sending to it.
 */
export function healthRoutes({
  database,
  draining = () => false,
}: {
  database: Database;
  draining?: () => boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const handler = async (_request: unknown, reply: { status(code: number): unknown }) => {
      if (draining()) {
        reply.status(503);
        return {
          code: 503,
          data: { status: 'draining', database: database.kind, db: database.health() },
          message: 'Draining: this process is shutting down',
        };
      }
      try {
        await database.ping();
        return {
          code: 200,
          data: { status: 'ok', database: database.kind, uptime: process.uptime(), db: database.health() },
          message: 'OK',
        };
      } catch {
        reply.status(503);
        return {
          code: 503,
          data: { status: 'unavailable', database: database.kind, db: database.health() },
          message: 'Database unavailable',
        };
      }
    };
    app.get('/health', { config: { auth: 'none' } }, handler);
    app.get('/v1/health', { config: { auth: 'none' } }, handler);
  };
}
