import { useMutation, useQueryClient } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { adminQueryKey } from './admin-query-key';
import type { AdminUser } from './types';

export interface SetReviewerInput {
  userId: string;
  reviewer: boolean;
}

/** Gives or takes the reviewer role (issue 14); the user sees Review in the nav with it. */
export function setReviewer({ userId, reviewer }: SetReviewerInput): Promise<AdminUser> {
  const params = { params: { path: { id: userId, role: 'reviewer' as const } } };
  if (reviewer) return answerOf(api.PUT('/api/admin/users/{id}/roles/{role}', params));
  return answerOf(api.DELETE('/api/admin/users/{id}/roles/{role}', params));
}

export function useSetReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewer,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // An admin may make themself a reviewer: the nav must show Review.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
