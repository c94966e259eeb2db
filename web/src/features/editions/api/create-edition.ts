import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import type { AdminEdition } from './types';

/** The guided form's edition: times RFC 3339, the day YYYY-MM-DD; '' for none, left out for the proposal's. */
export type NewEdition = components['schemas']['NewEdition'];

/**
 * Creates the next edition with the form's dates (checked in order: 422
 * with `fields`) and the newest one's limits copied. It is not announced:
 * the public site does not change. 409 unless `year` is after the newest.
 */
export function createEdition(edition: NewEdition): Promise<AdminEdition> {
  return answerOf(api.POST('/api/admin/editions', { body: edition }));
}

export function useCreateEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEdition,
    onSuccess: () =>
      Promise.all([
        // The admin screens list it (and the proposal moves on a year).
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // Members' pages read the newest edition (its call stays closed).
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
        // Applicant and Presenter are per newest edition.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
