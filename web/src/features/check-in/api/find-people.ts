import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { checkInQueryKey } from './check-in-query-key';
import { checkInRequest, deskPath } from './request';
import type { CheckInPerson } from './types';

/** Registered people whose first or last name starts with or contains `q` (at most 20). */
export function findPeople(slug: string, q: string, signal?: AbortSignal): Promise<CheckInPerson[]> {
  return checkInRequest('GET', deskPath(slug, `/people?q=${encodeURIComponent(q)}`), { signal });
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
