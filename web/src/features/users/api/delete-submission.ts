import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { api, doneOf } from '../../../lib/api-client';

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
