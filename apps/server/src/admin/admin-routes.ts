import { timingSafeEqual } from 'node:crypto';
import {
  battleIdParamsSchema,
  chargeIdParamsSchema,
  moneyActionBodySchema,
  operatorActionBodySchema,
  playerLookupQuerySchema,
  refundBodySchema,
  telegramIdParamsSchema,
} from '@titans/shared/admin/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { AdminService } from './admin-service.ts';

export interface AdminRoutesDeps {
  token: string;
  admin: AdminService;
  /** True when a battle's room runs in this process. */
  hasRoom(battleId: string): boolean;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * OPS1: every /admin route needs `Authorization: Bearer <ADMIN_TOKEN>`. Player init data
 * (`Authorization: tma …`) is refused with 403 `auth/forbidden` (a player is known and not allowed);
 * no header or a wrong token is 401 `auth/missing`. Only mounted when ADMIN_TOKEN is set.
 */
export function requireOperator(token: string) {
  return async (request: { headers: { authorization?: string | undefined } }) => {
    const header = request.headers.authorization ?? '';
    if (sameSecret(header, `Bearer ${token}`)) return;
    if (/^tma\s/i.test(header))
      throw new ApiError(
        'auth/forbidden',
        'Operator calls need ADMIN_TOKEN; player init data is not accepted',
      );
    throw new ApiError('auth/missing', 'Operator calls need the ADMIN_TOKEN bearer token');
  };
}

/**
 * The operator's API for `npm run ops` (docs/operations.md): player lookup, grants and
 * takes, kicks, running battles, payments, and the catalogue reload. Bodies and queries are the
 * shared schemas of `@titans/shared/admin/schemas`.
 */
export function adminRoutes({ token, admin, hasRoom }: AdminRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireOperator(token));
    const noAuth = { auth: 'none' as const };

    app.get(
      '/admin/players',
      { config: noAuth, schema: { querystring: playerLookupQuerySchema } },
      async (request) => {
        const found = orThrow(await admin.lookup(request.query));
        return ok(found, 'candidates' in found ? 'Several players have this username' : 'Player');
      },
    );

    for (const action of ['grant', 'take'] as const) {
      app.post(
        `/admin/players/:telegramUserId/${action}`,
        { config: noAuth, schema: { params: telegramIdParamsSchema, body: moneyActionBodySchema } },
        async (request) =>
          ok(
            orThrow(await admin.adjust(action, request.params.telegramUserId, request.body)),
            action === 'grant' ? 'Granted' : 'Taken',
          ),
      );
    }

    app.post(
      '/admin/players/:telegramUserId/kick',
      { config: noAuth, schema: { params: telegramIdParamsSchema, body: operatorActionBodySchema } },
      async (request) =>
        ok(orThrow(await admin.kick(request.params.telegramUserId, request.body)), 'Sockets closed'),
    );

    app.get(
      '/admin/players/:telegramUserId/payments',
      { config: noAuth, schema: { params: telegramIdParamsSchema } },
      async (request) => ok(orThrow(await admin.payments(request.params.telegramUserId)), 'Payments'),
    );

    app.get('/admin/battles', { config: noAuth }, async () =>
      ok(await admin.runningBattles(hasRoom), 'Running battles'),
    );

    app.post(
      '/admin/battles/:battleId/void',
      { config: noAuth, schema: { params: battleIdParamsSchema, body: operatorActionBodySchema } },
      async (request) =>
        ok(orThrow(await admin.voidBattle(request.params.battleId, request.body)), 'Battle voided'),
    );

    app.post(
      '/admin/payments/:chargeId/refund',
      { config: noAuth, schema: { params: chargeIdParamsSchema, body: refundBodySchema } },
      async (request) => ok(orThrow(await admin.refund(request.params.chargeId, request.body)), 'Refunded'),
    );

    app.post(
      '/admin/catalogue/reload',
      { config: noAuth, schema: { body: operatorActionBodySchema } },
      async (request) => ok(orThrow(await admin.reloadCatalogue(request.body)), 'Catalogue reloaded'),
    );
  };
}
