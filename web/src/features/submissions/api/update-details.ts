import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Submission } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import type { DetailsDraft } from '../components/details-draft';
import { submissionsQueryKey } from './get-submissions';

/** Changes the details of one of the user's submissions (until the call closes). */
export function updateDetails(id: string, details: DetailsDraft): Promise<Submission> {
  return answerOf(api.PUT('/api/submissions/{id}/details', { params: { path: { id } }, body: details }));
}

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details: DetailsDraft }) => updateDetails(id, details),
    // On failure too: a 409 means the call closed or a decision came, and
    // the list read again shows the submission as no longer editable.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: submissionsQueryKey });
    },
  });
}
