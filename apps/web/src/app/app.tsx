import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { persistUserChanges } from '../api/user/user-storage.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createRouter } from './router.tsx';

/** The providers around the routed app: server data (TanStack Query) and the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => persistUserChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
