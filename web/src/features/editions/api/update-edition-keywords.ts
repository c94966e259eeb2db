import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminEdition } from './types';

/** Replaces an edition's keyword list; 422 with `fields.keywords` when invalid. */
export function updateEditionKeywords({ year, keywords }: { year: number; keywords: string[] }): Promise<AdminEdition> {
  return answerOf(api.PUT('/api/admin/editions/{year}/keywords', { params: { path: { year } }, body: { keywords } }));
}

export function useUpdateEditionKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEditionKeywords,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The submit page reads the current edition's keywords.
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
      ]),
  });
}
