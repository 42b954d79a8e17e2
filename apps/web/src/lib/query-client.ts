import { QueryClient } from '@tanstack/react-query';
import { CACHE_60S } from '@titans/shared/constants';

/**
 * Reads are cached 60 s unless their endpoint file says otherwise. The API client
 * already retries a timeout or a network failure once, so the query layer does not retry again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CACHE_60S, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
