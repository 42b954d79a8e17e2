import type { RegisterBody, User } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { lazyUserSchema } from './user-schema.ts';

/**
 * POST /v1/user/register: creates the account on first launch, refreshes name and picture on
 * later ones (idempotent). `track` puts the loading screen up while it runs; `sent` is this call
 * already sent by the entry script (app/session/early-registration.ts).
 */
export function registerUser(
  body: RegisterBody,
  options: { track?: boolean; sent?: Promise<Response> } = {},
): Promise<User> {
  return api('/user/register', lazyUserSchema, {
    method: 'POST',
    body,
    track: options.track,
    sent: options.sent,
  });
}
