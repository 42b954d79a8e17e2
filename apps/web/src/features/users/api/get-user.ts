import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_30S } from '@titans/shared/constants';
import type { User } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';
import { getLaunchContext } from '../../../lib/telegram/launch-context.ts';
import { lazyUserSchema } from './user-schema.ts';

/** GET /v1/user/{id} (cached 30 s). */
export function getUser(telegramUserId: string, signal?: AbortSignal): Promise<User> {
  return api(`/user/${telegramUserId}`, lazyUserSchema, { signal });
}

export function userQueryOptions(telegramUserId: string) {
  return queryOptions({
    queryKey: ['user', telegramUserId] as const,
    queryFn: ({ signal }) => getUser(telegramUserId, signal),
    staleTime: CACHE_30S,
  });
}

/** The signed-in player's account. The root renders the app only once it is in the cache. */
export function useCurrentUser() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  return useQuery({ ...userQueryOptions(telegramUserId), enabled: telegramUserId !== '' });
}
