import { PLAYER_ROUTE_HEADER, PLAYER_ROUTE_QUERY } from '@titans/shared/cluster/player-route';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import type { TitansSocketServer } from '../realtime/socket-server.ts';

const REFUSAL = 'The routing player id is not yours';

/** True when a routing id is absent or names this verified caller (D-CLUSTER-12). */
export function routeMatches(routed: unknown, telegramUserId: number | string): boolean {
  return routed === undefined || routed === String(telegramUserId);
}

/**
 * REST: a call whose X-Titans-Player names someone other than the verified caller is refused
 * (403 auth/forbidden). Registered after the auth hook, which sets `request.caller`.
 */
export function registerPlayerRouteCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const caller = request.caller;
    if (!caller) return;
    if (!routeMatches(request.headers[PLAYER_ROUTE_HEADER], caller.identity.telegramUserId))
      throw new ApiError('auth/forbidden', REFUSAL);
  });
}

/** Sockets: a handshake whose `player` query names someone else is refused like a bad init data. */
export function registerSocketPlayerRouteCheck(io: TitansSocketServer): void {
  io.use((socket, next) => {
    const identity = socket.data?.identity;
    if (identity && !routeMatches(socket.handshake.query[PLAYER_ROUTE_QUERY], identity.telegramUserId)) {
      // socket.io hands `data` to the client's connect_error listener.
      return next(Object.assign(new Error(REFUSAL), { data: { code: 'auth/forbidden', message: REFUSAL } }));
    }
    next();
  });
}
