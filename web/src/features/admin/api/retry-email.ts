import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** Tries an undelivered e-mail again now (recorded in the activity log). */
export function retryEmail(emailId: string): Promise<void> {
  return api.post(`/api/admin/outbox/${encodeURIComponent(emailId)}/retry`);
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
