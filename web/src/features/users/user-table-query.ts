/**
 * What the user table shows: search text, sort column and direction, page,
 * and the edition. It lives in the URL
 * (`/user-data?q=ada&sort=email&dir=desc&page=2&edition=2025`), so a
 * reload, a shared link or the Back button keeps it; the server does the
 * searching, sorting and paging (issue 5, item 2).
 */

import { nextSort, type SortDirection } from '../../lib/table-sort';

// The sort rule is the admin tables' (lib/table-sort.ts); the user table's query applies it.
export { nextSort, type SortDirection };

/**
 * The edition's search parameter, as the edition picker names it
 * (`EDITION_PARAM`); written here so that this module, which the start-up
 * prefetch reads (app/route-data.ts), does not pull the picker in.
 */
const EDITION_PARAM = 'edition';

/** The sortable columns, in the spec's order, with the server's `sort` names. */
export const USER_COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'applicant', label: 'Applicant' },
  { key: 'presenter', label: 'Presenter' },
  { key: 'abstract_name', label: 'Abstract Name' },
  { key: 'uploaded_at', label: 'Upload Time' },
  { key: 'admin', label: 'Admin' },
] as const;

export type SortColumn = (typeof USER_COLUMNS)[number]['key'];

export interface SortState {
  sort: SortColumn;
  dir: SortDirection;
}

/** Who the table shows: everyone, or the people who have not acted yet after acceptance. */
export const USER_FILTERS = [
  { key: '', label: 'All' },
  { key: 'not_confirmed', label: 'Accepted but not confirmed' },
  { key: 'without_materials', label: 'Confirmed without materials' },
] as const;

export type UserFilter = (typeof USER_FILTERS)[number]['key'];

export interface UserTableQuery extends SortState {
  /** Search text as sent to the server; '' shows everyone. */
  q: string;
  /** '' shows everyone. */
  filter: UserFilter;
  /** 1-based. */
  page: number;
  /**
   * The edition whose applicants, presenters, abstracts and answers the rows
   * show (`?edition=`); absent: the current one, which the server picks.
   */
  edition?: number;
}

export const DEFAULT_QUERY: UserTableQuery = { q: '', filter: '', sort: 'name', dir: 'asc', page: 1 };

/** Rows per page; the server allows up to 200. */
export const PER_PAGE = 50;

/** The query after a click on a header; a new order starts again at page 1. */
export function sortBy(query: UserTableQuery, clicked: SortColumn): UserTableQuery {
  return { ...query, ...nextSort(query, clicked), page: 1 };
}

/** The query after a search; new results start at page 1, the order stays. */
export function searchFor(query: UserTableQuery, text: string): UserTableQuery {
  return { ...query, q: text.trim(), page: 1 };
}

/** The query after choosing an edition; it starts again at page 1, the search, filter and order stay. */
export function showEdition(query: UserTableQuery, edition: number | undefined): UserTableQuery {
  return { ...query, edition, page: 1 };
}

/** The query after choosing a filter; it starts again at page 1, the search and order stay. */
export function filterBy(query: UserTableQuery, filter: UserFilter): UserTableQuery {
  return { ...query, filter, page: 1 };
}

function isUserFilter(value: string | null): value is UserFilter {
  return USER_FILTERS.some(({ key }) => key === value);
}

function isSortColumn(value: string | null): value is SortColumn {
  return USER_COLUMNS.some(({ key }) => key === value);
}

/** Reads the query from the URL; anything missing or malformed is the default. */
export function parseUserTableQuery(params: URLSearchParams): UserTableQuery {
  const sort = params.get('sort');
  const dir = params.get('dir');
  const page = Number(params.get('page'));
  const filter = params.get('filter');
  const edition = params.get(EDITION_PARAM);
  return {
    ...(edition !== null && /^\d{4}$/.test(edition) ? { edition: Number(edition) } : {}),
    q: (params.get('q') ?? '').trim(),
    filter: isUserFilter(filter) ? filter : '',
    sort: isSortColumn(sort) ? sort : DEFAULT_QUERY.sort,
    dir: dir === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL's search params for a query, leaving out the defaults. */
export function userTableSearchParams(query: UserTableQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.filter) params.set('filter', query.filter);
  if (query.sort !== DEFAULT_QUERY.sort || query.dir !== DEFAULT_QUERY.dir) {
    params.set('sort', query.sort);
    params.set('dir', query.dir);
  }
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.edition !== undefined) params.set(EDITION_PARAM, String(query.edition));
  return params;
}
