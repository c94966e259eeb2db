import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** Deletes anyone's submission, with its file (recorded in the activity log). */
export function deleteSubmission(submissionId: string): Promise<void> {
  return api.delete(`/api/admin/submissions/${encodeURIComponent(submissionId)}`);
}

export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
