import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { BanService } from './ban-service.ts';

const telegramId = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().positive()]);
const banBody = z.strictObject({
  telegram_user_id: telegramId,
  reason: z.string().min(1).max(500).optional(),
});
const unbanBody = z.strictObject({ telegram_user_id: telegramId });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /admin/ban and /admin/unban for the operator's `npm run ban` / `npm run unban` (only when
 * ADMIN_TOKEN is set; `Authorization: Bearer <token>`). The change is written and pushed to open
 * sockets at once (decisions: D-BAN-1).
 */
export function banRoutes({ token, bans }: { token: string; bans: BanService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
        throw new ApiError('auth/missing', 'Operator calls need the ADMIN_TOKEN bearer token');
    });
    app.post('/admin/ban', { config: { auth: 'none' }, schema: { body: banBody } }, async (request) => {
      const { telegram_user_id, reason } = request.body;
      return ok(orThrow(await bans.set(String(telegram_user_id), true, reason ?? null)), 'User banned');
    });
    app.post('/admin/unban', { config: { auth: 'none' }, schema: { body: unbanBody } }, async (request) => {
      const change = await bans.set(String(request.body.telegram_user_id), false, null);
      return ok(orThrow(change), 'User unbanned');
    });
  };
}
