import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CheckInPerson } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { checkInQueryKey } from './check-in-query-key';

/** Registered people whose first or last name starts with or contains `q` (at most 20). */
export function findPeople(slug: string, q: string, signal?: AbortSignal): Promise<CheckInPerson[]> {
  return answerOf(api.GET('/api/check-in/{slug}/people', { params: { path: { slug }, query: { q } }, signal }));
}

export function peopleQueryOptions(slug: string, q: string) {
  return queryOptions({
    queryKey: [...checkInQueryKey, 'people', slug, q],
    queryFn: ({ signal }) => findPeople(slug, q, signal),
    enabled: q.trim() !== '',
  });
}

/** The people a name lookup finds; the last answer stays on screen while the next loads (or the network is gone). */
export function usePeople(slug: string, q: string) {
  return useQuery({ ...peopleQueryOptions(slug, q.trim()), placeholderData: keepPreviousData });
}
