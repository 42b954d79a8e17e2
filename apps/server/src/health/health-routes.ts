import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database.ts';

/**
 * GET /health and /v1/health: 200 when the database answers, 503 otherwise; `db` tells operators
 * how the connection has fared (lost connections, retries, the last error).
 */
export function healthRoutes({ database }: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const handler = async (_request: unknown, reply: { status(code: number): unknown }) => {
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
