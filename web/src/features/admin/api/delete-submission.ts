import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, doneOf } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** Deletes anyone's submission, with its file (recorded in the activity log). */
export function deleteSubmission(submissionId: string): Promise<void> {
  return doneOf(api.DELETE('/api/admin/submissions/{id}', { params: { path: { id: submissionId } } }));
}

export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
