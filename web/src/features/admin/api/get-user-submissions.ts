import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminSubmission } from './types';

/** Every submission of one user, in all editions, newest first. */
export function getUserSubmissions(userId: string, signal?: AbortSignal): Promise<AdminSubmission[]> {
  return api.get<AdminSubmission[]>(`/api/admin/users/${encodeURIComponent(userId)}/submissions`, { signal });
}

export function userSubmissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'user-submissions', userId],
    queryFn: ({ signal }) => getUserSubmissions(userId, signal),
  });
}

export function useUserSubmissions(userId: string) {
  return useQuery(userSubmissionsQueryOptions(userId));
}
