import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_2MIN } from '@titans/shared/constants';
import { type DiamondPackage, diamondPackageSchema } from '@titans/shared/stars/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/diamond/packages/{id} (error text "Could not fetch package details"). */
export function getDiamondPackage(id: string, signal?: AbortSignal): Promise<DiamondPackage> {
  return api(`/diamond/packages/${encodeURIComponent(id)}`, diamondPackageSchema, { signal });
}

export function diamondPackageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['diamond-packages', id] as const,
    queryFn: ({ signal }) => getDiamondPackage(id, signal),
    staleTime: CACHE_2MIN,
  });
}

export function useDiamondPackage(id: string, initialData?: DiamondPackage) {
  return useQuery({ ...diamondPackageQueryOptions(id), ...(initialData ? { initialData } : {}) });
}
