import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { FoundPerson } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { checkInQueryKey } from './check-in-query-key';

/** The fewest characters the server searches for (one would list nearly everyone). */
export const MIN_SEARCH_CHARS = 2;

/** Whether `q` is long enough to search for, in characters as the server counts them (code points). */
export function searchable(q: string): boolean {
  return Array.from(q.trim()).length >= MIN_SEARCH_CHARS;
}

/** People who registered whose name or e-mail address holds every word of `q`, ignoring case and accents (at most 20), without their needs. */
export function findPeople(slug: string, q: string, signal?: AbortSignal): Promise<FoundPerson[]> {
  return answerOf(api.GET('/api/check-in/{slug}/people', { params: { path: { slug }, query: { q } }, signal }));
}

export function peopleQueryOptions(slug: string, q: string) {
  return queryOptions({
    queryKey: [...checkInQueryKey, 'people', slug, q],
    queryFn: ({ signal }) => findPeople(slug, q, signal),
    enabled: searchable(q),
  });
}

/** The people a name lookup finds; the last answer stays on screen while the next loads (or the network is gone). */
export function usePeople(slug: string, q: string) {
  return useQuery({ ...peopleQueryOptions(slug, q.trim()), placeholderData: keepPreviousData });
}
