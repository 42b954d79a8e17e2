import { codeEnvelope } from '@titans/shared/envelope';
import {
  balancesSchema,
  profileSchema,
  registerBodySchema,
  selectCharacterBodySchema,
  setLanguageBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
} from '@titans/shared/user/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '../auth/auth-hooks.ts';
import { ok, orThrow } from '../http/reply.ts';
import type { UserService } from './user-service.ts';

export interface UserRoutesDeps {
  users: UserService;
  /** Called after a change that the realtime side must reload (selected character, background). */
  onUserChanged(userId: string): void;
  /**
   * Called once a character is selected, and at every registration of a player who has one,
   * before the answer: a referral reward waits for the hero (D-REF-2), and one missed by a crash
   * is paid at the next launch. True when it paid something.
   */
  onCharacterSelected?(userId: string): Promise<boolean>;
}

/** A route on the caller's own `{id}` answering `schema` (D-AUTH-4). */
const own = { config: { userParam: 'id' } } as const;
const userAnswer = { 200: codeEnvelope(userSchema) };

/** Account and profile calls of spec-a §7. */
export function userRoutes({
  users,
  onUserChanged,
  onCharacterSelected,
}: UserRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/:id',
      { ...own, schema: { params: userIdParamsSchema, response: userAnswer } },
      async (request) =>
        // The auth hook read only the account: the whole player is read here.
        ok(orThrow(await users.viewById(requireUser(request).id)), 'User found'),
    );

    app.get(
      '/user/:id/profile',
      { ...own, schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(profileSchema) } } },
      async (request) => ok(orThrow(await users.profile(requireUser(request).id)), 'Profile found'),
    );

    app.post(
      '/user/:id/sync-balance',
      { ...own, schema: { params: userIdParamsSchema, response: { 200: codeEnvelope(balancesSchema) } } },
      async (request) => ok(orThrow(await users.balances(requireUser(request).id)), 'Balance synchronised'),
    );

    app.post(
      '/user/register',
      { schema: { body: registerBodySchema, response: userAnswer } },
      async (request) => {
        const { identity } = callerOf(request);
        const { user, created } = await users.register({
          identity,
          referralCode: request.body.referral_code,
        });
        // A referral the hero was chosen for but a crash left unpaid is paid now; then the answer shows it.
        const paid = user.selectedCharacterId !== null && (await onCharacterSelected?.(user.id)) === true;
        const view = paid ? orThrow(await users.viewById(user.id)) : await users.view(user);
        // spec-a §3: clients treat code 200 as success, so a new account answers 200 too (D-API-2).
        return ok(view, created ? 'User registered' : 'User already registered');
      },
    );

    app.put(
      '/user/update/:id',
      { ...own, schema: { params: userIdParamsSchema, body: updateUserBodySchema, response: userAnswer } },
      async (request) => {
        const { id } = requireUser(request);
        orThrow(await users.setBackground(id, request.body.background_image));
        onUserChanged(id);
        return ok(orThrow(await users.viewById(id)), 'User updated');
      },
    );

    app.put(
      '/user/:id/language',
      { ...own, schema: { params: userIdParamsSchema, body: setLanguageBodySchema, response: userAnswer } },
      async (request) => {
        const { id } = requireUser(request);
        await users.setLanguage(id, request.body.language);
        return ok(orThrow(await users.viewById(id)), 'Language updated');
      },
    );

    app.post(
      '/user/:id/select-character',
      {
        ...own,
        schema: { params: userIdParamsSchema, body: selectCharacterBodySchema, response: userAnswer },
      },
      async (request) => {
        const { id } = requireUser(request);
        orThrow(await users.selectCharacter(id, request.body.characterId));
        onUserChanged(id);
        await onCharacterSelected?.(id);
        return ok(orThrow(await users.viewById(id)), 'Character selected');
      },
    );
  };
}
