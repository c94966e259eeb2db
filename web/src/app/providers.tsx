import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/session-query-key';

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 on a signed-in page means the session ended (expired, logged
      // out elsewhere, password reset); a 403 `profile_incomplete` that the
      // profile is not complete after all. Refreshing the session lets the
      // protected routes send the user to /login (and back here afterwards)
      // or to /complete-profile.
      onError: (error, query) => {
        if (query.queryKey[0] === sessionQueryKey[0] || !(error instanceof ApiError)) return;
        if (error.status === 401 || (error.status === 403 && error.code === 'profile_incomplete')) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        // Retrying a 4xx repeats a request the server has already refused.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
