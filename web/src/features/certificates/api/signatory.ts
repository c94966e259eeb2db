import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Signatory } from '../../../api/types';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';

/** Who signs edition `year`'s certificates (empty: no signature line). */
export function getSignatory(year: number, signal?: AbortSignal): Promise<Signatory> {
  return answerOf(api.GET('/api/admin/editions/{year}/signatory', { params: { path: { year } }, signal }));
}

/**
 * Outside the admin prefix: deleting an edition invalidates that prefix
 * while the deleted edition's form is still on screen, and its signatory
 * asked for again would answer 404.
 */
export function signatoryQueryOptions(year: number) {
  return queryOptions({
    queryKey: ['signatory', year],
    queryFn: ({ signal }) => getSignatory(year, signal),
  });
}

export function useSignatory(year: number) {
  return useQuery(signatoryQueryOptions(year));
}

/** Sets the signatory; 422 with `fields.name` / `fields.title` when too long or not printable. */
export function setSignatory({ year, signatory }: { year: number; signatory: Signatory }): Promise<Signatory> {
  return answerOf(
    api.PUT('/api/admin/editions/{year}/signatory', { params: { path: { year } }, body: signatory }),
  );
}

export function useSetSignatory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSignatory,
    onSuccess: (saved, { year }) => {
      queryClient.setQueryData(signatoryQueryOptions(year).queryKey, saved);
      // The activity log gains an entry too: the whole admin prefix.
      return queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
