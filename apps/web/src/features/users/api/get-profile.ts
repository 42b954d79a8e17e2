import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_30S } from '@titans/shared/constants';
import { type Profile, profileSchema } from '@titans/shared/user/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/user/{id}/profile: the profile stats (cached 30 s). */
export function getProfile(telegramUserId: string, signal?: AbortSignal): Promise<Profile> {
  return api(`/user/${telegramUserId}/profile`, profileSchema, { signal });
}

export function profileQueryOptions(telegramUserId: string) {
  return queryOptions({
    queryKey: ['user', telegramUserId, 'profile'] as const,
    queryFn: ({ signal }) => getProfile(telegramUserId, signal),
    staleTime: CACHE_30S,
  });
}

export function useProfile(telegramUserId: string) {
  return useQuery({ ...profileQueryOptions(telegramUserId), enabled: telegramUserId !== '' });
}
