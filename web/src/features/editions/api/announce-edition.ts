import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminEdition } from './types';

/** Puts an edition on the public site (logged); 409 when it is there already. */
export function announceEdition(year: number): Promise<AdminEdition> {
  return answerOf(api.POST('/api/admin/editions/{year}/announce', { params: { path: { year } } }));
}

export function useAnnounceEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: announceEdition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The nav, the banner and /sculc turn to it.
        queryClient.invalidateQueries({ queryKey: ['content'] }),
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
      ]),
  });
}
