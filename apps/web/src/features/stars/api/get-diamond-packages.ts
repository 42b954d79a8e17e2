import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_2MIN } from '@titans/shared/constants';
import { type DiamondPackage, diamondPackageSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/diamonds/packages (cached 2 min). */
export function getDiamondPackages(signal?: AbortSignal): Promise<DiamondPackage[]> {
  return api('/diamonds/packages', diamondPackageSchema.array(), { signal });
}

export function diamondPackagesQueryOptions() {
  return queryOptions({
    queryKey: ['diamond-packages'] as const,
    queryFn: ({ signal }) => getDiamondPackages(signal),
    staleTime: CACHE_2MIN,
  });
}

export function useDiamondPackages() {
  return useQuery(diamondPackagesQueryOptions());
}
