import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminEdition } from './types';

/** Every edition, newest (the current one) first. */
export function getEditions(signal?: AbortSignal): Promise<AdminEdition[]> {
  return answerOf(api.GET('/api/admin/editions', { signal }));
}

export const editionsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'editions'],
  queryFn: ({ signal }) => getEditions(signal),
});

export function useEditions() {
  return useQuery(editionsQueryOptions);
}
