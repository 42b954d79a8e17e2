import { namesUser, userRefTextSchema } from '@titans/shared/auth/telegram-user-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { ApiError } from '../http/api-error.ts';
import type { Account, UserService } from '../users/user-service.ts';
import type { TelegramIdentity } from './init-data.ts';
import { checkedInitData } from './request-init-data.ts';

/** Who is calling: the identity Telegram signed, and their account once registered. */
export interface Caller {
  identity: TelegramIdentity;
  /** The account's id and ban state; a route that shows the player reads the rest itself. */
  user: Account | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/**
 * Body fields that name a user; when present they must name the caller, by Telegram
 * id or account id (the shared `namesUser`); each field's schema says which forms it takes.
 */
const USER_BODY_FIELDS = ['telegram_user_id', 'telegramUserId', 'user_id'] as const;

/** Whom a `user_id` or user `{id}` must name: the caller, by Telegram id or account id (D-AUTH-7). */
function ownerOf(caller: Caller) {
  return { telegramUserId: caller.identity.telegramUserId, accountId: caller.user?.id ?? null };
}

/** The caller of an authenticated route; only routes with `auth: 'none'` have none. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiError('auth/missing');
  return request.caller;
}

/** The caller's registered account, or 404 `user/not-registered`. */
export function requireUser(request: FastifyRequest): Account {
  const { user } = callerOf(request);
  if (!user) throw new ApiError('user/not-registered');
  return user;
}

/** 403 for a banned account; `ban_reason` stays null when none was recorded, so clients show their default text. */
export function bannedError(reason: string | null): ApiError {
  return new ApiError('auth/banned', reason ?? undefined, { is_banned: true, ban_reason: reason });
}

/**
 * Every /v1 call carries `Authorization: tma <init data>`. The identity comes from the
 * validated data only; a banned account is refused on every call; a path id or a body field
 * naming another user is refused with 403.
 */
export function registerAuthHooks(app: FastifyInstance, config: Config, users: UserService) {
  app.decorateRequest('caller', null);

  app.addHook('onRequest', async (request) => {
    // Decided on the route the router matched, never the raw URL: the router decodes
    // `/%761/characters` to `/v1/characters`, which a prefix test of request.url would miss.
    const route = request.routeOptions.url;
    if (!route) return; // unknown route: the not-found handler answers
    if (!(route === '/v1' || route.startsWith('/v1/')) || request.routeOptions.config?.auth === 'none')
      return;
    const result = checkedInitData(request, config.botToken, config.authMaxAgeSeconds);
    if (!result.ok) throw new ApiError(result.problem);
    const user = await users.findAccount(result.identity.telegramUserId);
    if (user?.isBanned) throw bannedError(user.banReason);
    const caller: Caller = { identity: result.identity, user };
    request.caller = caller;

    const paramName = request.routeOptions.config?.userParam;
    if (paramName) {
      const params = request.params;
      const value = typeof params === 'object' && params !== null ? ownField(params, paramName) : undefined;
      if (typeof value !== 'string' || !value || !userRefTextSchema.safeParse(value).success)
        throw new ApiError(
          'request/invalid',
          `Invalid ${paramName}: must be a Telegram user id or account id`,
        );
      if (!namesUser(value, ownerOf(caller))) throw new ApiError('auth/forbidden');
    }
  });

  app.addHook('preValidation', async (request) => {
    const caller = request.caller;
    const body = request.body;
    if (!caller || typeof body !== 'object' || body === null || Array.isArray(body)) return;
    for (const field of USER_BODY_FIELDS) {
      const value = ownField(body, field);
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' && typeof value !== 'number') continue; // the schema rejects it
      if (!namesUser(value, ownerOf(caller))) throw new ApiError('auth/forbidden');
    }
  });
}

/** A field the parsed params or JSON body holds itself (never one inherited from its prototype). */
function ownField(object: object, key: string): unknown {
  return Object.getOwnPropertyDescriptor(object, key)?.value;
}
