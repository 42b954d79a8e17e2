import { MAX_EDGE_STRING_LENGTH, MAX_HEADER_LENGTH } from '@titans/shared/constants';
import { describeTextProblem, findUnsafeValue, textProblem } from '@titans/shared/input/safe-text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';

/** One registered route as the fuzz test and documentation see it. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown };
  config: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (collected by an onRoute hook), for the route fuzz test. */
    registeredRoutes: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** The longest string this route accepts in params, query and body (default MAX_EDGE_STRING_LENGTH). */
    maxStringLength?: number;
  }
}

/** Headers the server reads; any other header is never looked at, so never checked. */
export const READ_HEADERS = ['authorization', 'idempotency-key', 'x-telegram-bot-api-secret-token'] as const;

function check(part: string, value: unknown, maxLength: number) {
  const found = findUnsafeValue(value, { maxLength });
  if (found) throw new ApiError('request/invalid', `Invalid ${part}: ${found.path} ${found.message}`);
}

/** The edge check of one request's headers (rules: H1); exported for the socket handshake too. */
export function checkHeaders(request: Pick<FastifyRequest, 'headers'>) {
  for (const name of READ_HEADERS) {
    const value = request.headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) throw new ApiError('request/invalid', `Invalid headers: ${name} is repeated`);
    const problem = textProblem(value, MAX_HEADER_LENGTH);
    if (problem)
      throw new ApiError(
        'request/invalid',
        `Invalid headers: ${name} ${describeTextProblem(problem, MAX_HEADER_LENGTH)}`,
      );
  }
}

/**
 * Hardening at the HTTP edge for every route, including routes registered later (rules: H1):
 * headers the server reads are checked on arrival; params, query and body, before validation,
 * so a NUL, a control character, a lone surrogate, an over-long string or a too-deep nesting is a
 * 400 naming the field and no handler or query ever sees it. Register before any route.
 */
export function registerEdgeInputCheck(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url ?? route.path,
        schema: route.schema ?? {},
        config: { ...route.config },
      });
    }
  });
  app.addHook('onRequest', async (request) => {
    checkHeaders(request);
  });
  app.addHook('preValidation', async (request) => {
    const maxLength = request.routeOptions.config?.maxStringLength ?? MAX_EDGE_STRING_LENGTH;
    check('params', request.params, maxLength);
    check('querystring', request.query, maxLength);
    if (request.body !== undefined && request.body !== null) check('body', request.body, maxLength);
  });
}
