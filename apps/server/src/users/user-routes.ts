import { DEFAULT_BACKGROUND_URL } from '@titans/shared/constants';
import { codeEnvelope } from '@titans/shared/envelope';
import {
  balancesSchema,
  profileSchema,
  registerBodySchema,
  selectCharacterBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
} from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '../auth/auth-hooks.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { normaliseReferralCode, type UserService } from './user-service.ts';
import { currentBalances, type LiveBalanceSource, profileView, userView } from './user-view.ts';

export interface UserRoutesDeps {
  database: Database;
  users: UserService;
  live: LiveBalanceSource;
  /** Called after a change that the realtime side must reload (selected character, background). */
  onUserChanged(userId: string): void;
  /**
   * Called once a character is selected, and at every registration of a player who has one,
   * before the answer: a referral reward waits for the hero (D-REF-2), and one missed by a crash
   * is paid at the next launch.
   */
  onCharacterSelected?(userId: string): Promise<boolean>;
}

/** Account and profile calls of spec-a §7. */
export function userRoutes({
  database,
  users,
  live,
  onUserChanged,
  onCharacterSelected,
}: UserRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const reload = async (id: string) => {
      const user = await users.findById(id);
      if (!user) throw new ApiError('user/not-found');
      return user;
    };

    app.get(
      '/user/:id',
      {
        config: { userParam: 'id' },
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(userSchema) } },
      },
      async (request) => {
        // The auth hook read only the account: the whole player is read here.
        const user = await reload(requireUser(request).id);
        return {
          code: 200,
          data: await userView(database.db, user, live, Date.now()),
          message: 'User found',
        };
      },
    );

    app.get(
      '/user/:id/profile',
      {
        config: { userParam: 'id' },
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(profileSchema) } },
      },
      async (request) => {
        const user = await reload(requireUser(request).id);
        return {
          code: 200,
          data: await profileView(database.db, user, live, Date.now()),
          message: 'Profile found',
        };
      },
    );

    app.post(
      '/user/register',
      {
        schema: {
          body: registerBodySchema,
          response: { 200: codeEnvelope(userSchema) },
        },
      },
      async (request) => {
        const { identity } = callerOf(request);
        // spec-a §4: a code from the link (kept by the client) or from the signed start parameter.
        const referralCode =
          normaliseReferralCode(request.body.referral_code) ?? normaliseReferralCode(identity.startParam);
        const registered = await users.register({ identity, referralCode });
        const { created } = registered;
        let { user } = registered;
        // True when it paid something: the answer then shows the new balance.
        if (user.selectedCharacterId && (await onCharacterSelected?.(user.id))) user = await reload(user.id);
        // spec-a §3: clients treat code 200 as success, so a new account answers 200 too (decisions: D-API-2).
        return {
          code: 200,
          data: await userView(database.db, user, live, Date.now()),
          message: created ? 'User registered' : 'User already registered',
        };
      },
    );

    app.put(
      '/user/update/:id',
      {
        config: { userParam: 'id' },
        schema: {
          params: userIdParamsSchema,
          body: updateUserBodySchema,
          response: { 200: codeEnvelope(userSchema) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await users.setBackground(user, request.body.background_image, DEFAULT_BACKGROUND_URL);
        onUserChanged(user.id);
        const updated = await reload(user.id);
        return {
          code: 200,
          data: await userView(database.db, updated, live, Date.now()),
          message: 'User updated',
        };
      },
    );

    app.post(
      '/user/:id/select-character',
      {
        config: { userParam: 'id' },
        schema: {
          params: userIdParamsSchema,
          body: selectCharacterBodySchema,
          response: { 200: codeEnvelope(userSchema) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await users.selectCharacter(user, request.body.characterId);
        onUserChanged(user.id);
        await onCharacterSelected?.(user.id);
        const updated = await reload(user.id);
        return {
          code: 200,
          data: await userView(database.db, updated, live, Date.now()),
          message: 'Character selected',
        };
      },
    );

    app.post(
      '/user/:id/sync-balance',
      {
        config: { userParam: 'id' },
        schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(balancesSchema) } },
      },
      async (request) => {
        const user = await reload(requireUser(request).id);
        return { code: 200, data: currentBalances(user, live, Date.now()), message: 'Balance synchronised' };
      },
    );
  };
}
