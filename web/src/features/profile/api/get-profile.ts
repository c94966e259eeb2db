import { queryOptions, useQuery } from '@tanstack/react-query';

import type { SessionUser } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

export const profileQueryKey = ['me'] as const;

/** The signed-in user, fresh from the server (GET /api/me; 401 for a visitor). */
export function getProfile(signal?: AbortSignal): Promise<SessionUser> {
  return answerOf(api.GET('/api/me', { signal }));
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
