import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { FIRST_VIEW_FRESH_MS } from '../../../lib/first-view';
import type { AdminEdition } from './types';

/** Every edition, newest (the current one) first. */
export function getEditions(signal?: AbortSignal): Promise<AdminEdition[]> {
  return answerOf(api.GET('/api/admin/editions', { signal }));
}

export const editionsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'editions'],
  queryFn: ({ signal }) => getEditions(signal),
  // Fetched at start-up beside the page's code (app/route-data.ts).
  staleTime: FIRST_VIEW_FRESH_MS,
});

export function useEditions() {
  return useQuery(editionsQueryOptions);
}
