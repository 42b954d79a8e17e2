import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_5MIN } from '@titans/shared/constants';
import { type AppConfig, appConfigSchema } from '@titans/shared/referrals/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/config: the bot and Mini App names referral links are built from. */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api('/config', appConfigSchema, { signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: CACHE_5MIN,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
