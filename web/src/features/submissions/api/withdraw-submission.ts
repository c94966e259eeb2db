import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Submission, SubmissionList } from '../../../api/types';
import { api, ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { submissionsQueryKey } from './get-submissions';

/**
 * Withdraws one of the signed-in user's decided submissions: it stays with
 * the organizers, marked withdrawn, and leaves the user's lists.
 */
export function withdrawSubmission(id: string): Promise<Submission> {
  return api.post<Submission>(`/api/submissions/${encodeURIComponent(id)}/withdraw`);
}

export function useWithdrawSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSubmission,
    onSuccess: (_withdrawn, id) => {
      // Gone from the list at once; the refetch below confirms it.
      queryClient.setQueriesData<SubmissionList>({ queryKey: submissionsQueryKey }, (list) =>
        list ? { submissions: list.submissions.filter((submission) => submission.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      // A withdrawn abstract no longer makes its author an applicant or a presenter.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
