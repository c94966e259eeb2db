import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { api, doneOf } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { editionsQueryOptions } from './get-editions';

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
    // The current edition changed back, as after creating one. The deleted
    // year leaves the list at once, so its card (its registration, its
    // signatory) is gone before anything is asked again, and its own
    // queries go: asked again, they would only answer 404.
    onSuccess: (_, year) => {
      queryClient.setQueryData(editionsQueryOptions.queryKey, (editions) =>
        editions?.filter((edition) => edition.year !== year),
      );
      queryClient.removeQueries({ predicate: (query) => query.queryKey.some((part) => isAbout(part, year)) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}

/** Whether a part of a query's key names the edition `year`: the year itself, or `{ edition: year }`. */
function isAbout(part: unknown, year: number): boolean {
  if (part === year) return true;
  return typeof part === 'object' && part !== null && 'edition' in part && part.edition === year;
}
