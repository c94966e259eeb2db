import { useMutation, useQueryClient } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { adminQueryKey } from './admin-query-key';
import type { AdminEdition } from './types';

/**
 * Creates the next edition with the newest one's settings copied; it
 * becomes the current edition at once. 409 unless `year` is the newest.
 */
export function createEdition(year: number): Promise<AdminEdition> {
  return answerOf(api.POST('/api/admin/editions', { body: { year } }));
}

export function useCreateEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEdition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
        // Applicant and Presenter are per current edition.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
