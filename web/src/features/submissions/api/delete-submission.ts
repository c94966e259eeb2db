import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SubmissionList } from '../../../api/types';
import { api, ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { submissionsQueryKey } from './get-submissions';

/** Deletes one of the signed-in user's submissions (the file with it). */
export function deleteSubmission(id: string): Promise<void> {
  return api.delete(`/api/submissions/${encodeURIComponent(id)}`);
}

export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_nothing, id) => {
      // Gone from the list at once; the refetch below confirms it.
      queryClient.setQueriesData<SubmissionList>({ queryKey: submissionsQueryKey }, (list) =>
        list ? { submissions: list.submissions.filter((submission) => submission.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      // Deleting the last one means the user is no longer an applicant.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
      // 404: already gone (another tab); 401: the session ended. Either way
      // the list (and, for 401, the session) must be read again.
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
