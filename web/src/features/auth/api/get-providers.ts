import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Providers } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/** Which sign-in providers the server is configured for. */
export function getProviders(signal?: AbortSignal): Promise<Providers> {
  return answerOf(api.GET('/api/accounts/providers', { signal }));
}

export const providersQueryOptions = queryOptions({
  queryKey: ['providers'] as const,
  queryFn: ({ signal }) => getProviders(signal),
  // Server configuration: it does not change while the page is open.
  staleTime: Infinity,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}

/**
 * Google sign-in is a full-page navigation to the server, which redirects
 * to Google and, after the callback, back to `returnTo`.
 */
export function googleSignInUrl(returnTo: string): string {
  return `/api/accounts/google/start?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}
