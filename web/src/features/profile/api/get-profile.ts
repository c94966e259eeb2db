import { queryOptions, useQuery } from '@tanstack/react-query';

import type { SessionUser } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { FIRST_VIEW_FRESH_MS } from '../../../lib/first-view';

export const profileQueryKey = ['me'] as const;

/** The signed-in user, fresh from the server (GET /api/me; 401 for a visitor). */
export function getProfile(signal?: AbortSignal): Promise<SessionUser> {
  return answerOf(api.GET('/api/me', { signal }));
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
  // Fetched at start-up beside the page's code (app/route-data.ts).
  staleTime: FIRST_VIEW_FRESH_MS,
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
