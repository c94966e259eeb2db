import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Edition } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

export const currentEditionQueryKey = ['editions', 'current'] as const;

/** This year's conference and its call for abstracts (deadlines, limits, contacts). */
export function getCurrentEdition(signal?: AbortSignal): Promise<Edition> {
  return answerOf(api.GET('/api/editions/current', { signal }));
}

export const currentEditionQueryOptions = queryOptions({
  queryKey: currentEditionQueryKey,
  queryFn: ({ signal }) => getCurrentEdition(signal),
  // Changes a few times a year; a minute keeps `call_open` near the truth
  // around a deadline (and the server refuses late uploads on its own).
  staleTime: 60_000,
});

export function useCurrentEdition() {
  return useQuery(currentEditionQueryOptions);
}
