import { describe, expect, it } from 'vitest';

import {
  DEFAULT_QUERY,
  filterBy,
  nextSort,
  parseUserTableQuery,
  searchFor,
  showEdition,
  sortBy,
  userTableSearchParams,
} from './user-table-query';

describe('nextSort', () => {
  it('a new column starts ascending, whatever the direction before', () => {
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'email')).toEqual({ sort: 'email', dir: 'asc' });
    expect(nextSort({ sort: 'name', dir: 'desc' }, 'uploaded_at')).toEqual({ sort: 'uploaded_at', dir: 'asc' });
  });

  it('the same column again toggles ascending and descending', () => {
    const once = nextSort({ sort: 'admin', dir: 'asc' }, 'admin');
    expect(once).toEqual({ sort: 'admin', dir: 'desc' });
    expect(nextSort(once, 'admin')).toEqual({ sort: 'admin', dir: 'asc' });
  });
});

describe('the table query', () => {
  it('goes back to page 1 on a new order or a new search, and keeps the rest', () => {
    const onPage3 = { q: 'ada', filter: 'not_confirmed', sort: 'email', dir: 'desc', page: 3 } as const;
    expect(sortBy(onPage3, 'email')).toEqual({ ...onPage3, dir: 'asc', page: 1 });
    expect(searchFor(onPage3, '  lovelace ')).toEqual({ ...onPage3, q: 'lovelace', page: 1 });
    expect(filterBy(onPage3, 'without_materials')).toEqual({ ...onPage3, filter: 'without_materials', page: 1 });
    expect(showEdition(onPage3, 2024)).toEqual({ ...onPage3, edition: 2024, page: 1 });
  });

  it('round-trips through the URL and leaves the defaults out', () => {
    expect(userTableSearchParams(DEFAULT_QUERY).toString()).toBe('');
    const query = { q: 'Ada L', filter: 'without_materials', sort: 'abstract_name', dir: 'desc', page: 2 } as const;
    const params = userTableSearchParams(query);
    expect(params.toString()).toBe('q=Ada+L&filter=without_materials&sort=abstract_name&dir=desc&page=2');
    expect(parseUserTableQuery(params)).toEqual(query);
    const earlier = { ...query, edition: 2024 };
    expect(userTableSearchParams(earlier).get('edition')).toBe('2024');
    expect(parseUserTableQuery(userTableSearchParams(earlier))).toEqual(earlier);
  });

  it('reads a malformed URL as the defaults rather than failing', () => {
    expect(parseUserTableQuery(new URLSearchParams('sort=password&dir=up&page=-4'))).toEqual(DEFAULT_QUERY);
    expect(parseUserTableQuery(new URLSearchParams('page=2.5'))).toEqual(DEFAULT_QUERY);
    expect(parseUserTableQuery(new URLSearchParams('filter=everyone'))).toEqual(DEFAULT_QUERY);
    expect(parseUserTableQuery(new URLSearchParams('edition=last'))).toEqual(DEFAULT_QUERY);
  });
});
