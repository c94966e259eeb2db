import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { PER_PAGE, type UserTableQuery } from '../user-table-query';
import { adminQueryKey } from './admin-query-key';
import type { AdminUserPage } from './types';

/** The server's query string for a table query (searched, sorted and paged there). */
export function usersQueryString(query: Omit<UserTableQuery, 'page'> & { page?: number }): string {
  const params = new URLSearchParams({ q: query.q, sort: query.sort, dir: query.dir });
  if (query.page !== undefined) {
    params.set('page', String(query.page));
    params.set('per_page', String(PER_PAGE));
  }
  return params.toString();
}

/** One page of users, with the first abstract of each. */
export function getUsers(query: UserTableQuery, signal?: AbortSignal): Promise<AdminUserPage> {
  return api.get<AdminUserPage>(`/api/admin/users?${usersQueryString(query)}`, { signal });
}

export function usersQueryOptions(query: UserTableQuery) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'users', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // The old page stays on screen while the next one loads, so the table
    // does not jump to a spinner on every click of a header.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserTableQuery) {
  return useQuery(usersQueryOptions(query));
}

/** The CSV export of everyone the table's search finds, in its order (not paged). */
export function usersCsvUrl(query: UserTableQuery): string {
  return `/api/admin/users.csv?${usersQueryString({ q: query.q, sort: query.sort, dir: query.dir })}`;
}
