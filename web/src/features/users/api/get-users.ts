import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { FIRST_VIEW_FRESH_MS } from '../../../lib/first-view';
import { PER_PAGE, type UserTableQuery } from '../user-table-query';
import type { AdminUserPage } from './types';

/**
 * One page of users, with the first abstract of each, in the chosen edition
 * (none chosen: the current one; the answer's `edition_year` says which).
 */
export function getUsers(query: UserTableQuery, signal?: AbortSignal): Promise<AdminUserPage> {
  const { filter, edition, ...rest } = query;
  return answerOf(
    api.GET('/api/admin/users', {
      params: {
        query: { ...rest, ...(filter ? { filter } : {}), ...(edition ? { edition } : {}), per_page: PER_PAGE },
      },
      signal,
    }),
  );
}

export function usersQueryOptions(query: UserTableQuery) {
  return queryOptions({
    // The query holds the edition, so each edition's pages are cached apart.
    queryKey: [...adminQueryKey, 'users', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // Fetched at start-up beside the page's code (app/route-data.ts).
    staleTime: FIRST_VIEW_FRESH_MS,
    // The old page stays on screen while the next one loads, so the table
    // does not jump to a spinner on every click of a header.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserTableQuery) {
  return useQuery(usersQueryOptions(query));
}

/**
 * The CSV export of everyone the table's search and filter find, in its order
 * (not paged), of `edition` (the one the table shows).
 */
export function usersCsvUrl(query: UserTableQuery, edition: number | undefined): string {
  // A link, not a fetch (the browser downloads it), so the typed client has no part in it.
  const search = new URLSearchParams({ q: query.q, sort: query.sort, dir: query.dir });
  if (query.filter) search.set('filter', query.filter);
  if (edition !== undefined) search.set('edition', String(edition));
  return `/api/admin/users.csv?${search.toString()}`;
}
