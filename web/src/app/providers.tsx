import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { DialogProvider } from '../components/confirm-dialog';
import { ApiError } from '../lib/api-answer';
import { sessionQueryKey } from '../lib/session-query-key';

/**
 * Whether a refused request means that who is signed in has changed: a 401
 * means the session ended (expired, logged out elsewhere, password reset);
 * a 403 `profile_incomplete` that the profile is not complete after all.
 */
function sessionIsStale(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || (error.status === 403 && error.code === 'profile_incomplete');
}

export function createQueryClient(): QueryClient {
  // The one place that reacts to an ended session, for queries and mutations
  // alike: refreshing the session lets the protected routes send the user to
  // /login (and back here afterwards) or to /complete-profile.
  const refreshSessionAfter = (error: unknown) => {
    if (sessionIsStale(error)) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The session query answers 200 for visitors; its own failures must not refetch it in a loop.
        if (query.queryKey[0] !== sessionQueryKey[0]) refreshSessionAfter(error);
      },
    }),
    mutationCache: new MutationCache({ onError: refreshSessionAfter }),
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
  return (
    <QueryClientProvider client={client}>
      <DialogProvider>{children}</DialogProvider>
    </QueryClientProvider>
  );
}
