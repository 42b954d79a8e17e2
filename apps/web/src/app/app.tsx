import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { persistUserChanges } from '../features/users/api/user-storage.ts';
import { LanguageRoot } from '../lib/i18n/language-root.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { RouterProvider } from '../lib/router/router.tsx';
import { createRouter } from './router.tsx';

/**
 * The providers around the routed app: server data (TanStack Query) and the router.
 * `queryClient`: the one boot-session.ts started registration in (main.tsx); a new one otherwise.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(createRouter);
  useEffect(() => persistUserChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageRoot>
        <RouterProvider router={router} />
      </LanguageRoot>
    </QueryClientProvider>
  );
}
