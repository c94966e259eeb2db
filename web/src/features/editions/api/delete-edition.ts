import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { api, doneOf } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

/**
 * Deletes an edition that has no submissions (a year created by mistake);
 * the one before it becomes current. 409 when it has submissions.
 */
export function deleteEdition(year: number): Promise<void> {
  return doneOf(api.DELETE('/api/admin/editions/{year}', { params: { path: { year } } }));
}

export function useDeleteEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEdition,
    // The current edition changed back, as after creating one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
