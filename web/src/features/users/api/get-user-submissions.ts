import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminSubmission } from './types';

/** Every submission of one user, in all editions, newest first. */
export function getUserSubmissions(userId: string, signal?: AbortSignal): Promise<AdminSubmission[]> {
  return answerOf(api.GET('/api/admin/users/{id}/submissions', { params: { path: { id: userId } }, signal }));
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
