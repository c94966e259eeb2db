import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import type { AdminEdition, EditionSettings } from './types';

export interface UpdateEditionInput {
  year: number;
  settings: EditionSettings;
}

/** Saves an edition's call window, limits, deadlines and contacts; 422 with `fields` when invalid. */
export function updateEdition({ year, settings }: UpdateEditionInput): Promise<AdminEdition> {
  return answerOf(api.PUT('/api/admin/editions/{year}', { params: { path: { year } }, body: settings }));
}

export function useUpdateEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEdition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The public pages read the current edition (deadlines, limits), the submit page its keywords.
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
