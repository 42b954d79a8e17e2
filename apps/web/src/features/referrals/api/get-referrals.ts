import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';
import type { ReferralEntry } from '@titans/shared/referrals/schemas';
import { api } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/lazy-schema.ts';

const lazyReferralListSchema = lazySchema(() =>
  import('@titans/shared/referrals/schemas').then((schemas) => schemas.referralListSchema),
);

/** GET /v1/user/{id}/referrals (cached 60 s): friends who used the player's code. */
export function getReferrals(telegramUserId: string, signal?: AbortSignal): Promise<ReferralEntry[]> {
  return api(`/user/${telegramUserId}/referrals`, lazyReferralListSchema, { signal });
}

export function referralsQueryOptions(telegramUserId: string) {
  return queryOptions({
    queryKey: ['referrals', telegramUserId] as const,
    queryFn: ({ signal }) => getReferrals(telegramUserId, signal),
    staleTime: CACHE_60S,
  });
}

export function useReferrals(telegramUserId: string) {
  return useQuery({ ...referralsQueryOptions(telegramUserId), enabled: telegramUserId !== '' });
}
