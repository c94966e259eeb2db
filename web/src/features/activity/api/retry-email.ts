import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { api, doneOf } from '../../../lib/api-client';

/** Tries an undelivered e-mail again now (recorded in the activity log). */
export function retryEmail(emailId: string): Promise<void> {
  return doneOf(api.POST('/api/admin/outbox/{id}/retry', { params: { path: { id: emailId } } }));
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
