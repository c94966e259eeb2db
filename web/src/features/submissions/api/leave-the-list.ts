import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SubmissionList } from '../../../api/types';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { submissionsQueryKey } from './get-submissions';

/**
 * A mutation that takes one of the signed-in user's submissions out of their
 * lists (deleting or withdrawing it). On success it leaves the list at once
 * and the session is read again, since the applicant and presenter flags
 * may change. On failure the list is read again: a 404 means another tab
 * already removed it (a 401 is the query client's to handle).
 */
export function useLeaveTheList<T>(request: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (_answer, id) => {
      // Gone from the list at once; the refetch below confirms it.
      queryClient.setQueriesData<SubmissionList>({ queryKey: submissionsQueryKey }, (list) =>
        list ? { submissions: list.submissions.filter((submission) => submission.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
    },
  });
}
