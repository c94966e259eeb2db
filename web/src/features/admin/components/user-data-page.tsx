import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useEditions } from '../api/get-editions';
import { usersCsvUrl, useUsers } from '../api/get-users';
import {
  filterBy,
  parseUserTableQuery,
  PER_PAGE,
  searchFor,
  sortBy,
  userTableSearchParams,
  type UserTableQuery,
} from '../user-table-query';
import { AdminPage } from './admin-page';
import type { Notice } from './admin-toggle';
import { AttendanceFilterSelect } from './attendance-filter';
import { Pager } from './pager';
import { ReminderButton } from './reminder-button';
import { UserSearch } from './user-search';
import { UserTable } from './user-table';

/** /user-data: every user with their first abstract; searched, sorted and paged by the server. */
export function UserDataPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseUserTableQuery(searchParams);
  const users = useUsers(query);
  const editions = useEditions();
  const [notice, setNotice] = useState<Notice>();

  const show = (next: UserTableQuery) => {
    setNotice(undefined);
    setSearchParams(userTableSearchParams(next));
  };
  const hrefOf = (page: number) => `?${userTableSearchParams({ ...query, page }).toString()}`;

  return (
    <AdminPage title={routes.userData.title}>
      <div className="admin-user-toolbar">
        <UserSearch
          key={query.q}
          current={query.q}
          onSearch={(text) => {
            show(searchFor(query, text));
          }}
        />
        <AttendanceFilterSelect
          current={query.filter}
          onChange={(filter) => {
            show(filterBy(query, filter));
          }}
        />
        <a className="button button-secondary" href={usersCsvUrl(query)} download>
          Export CSV
        </a>
      </div>
      {query.filter && users.data && !users.isPlaceholderData && (
        <ReminderButton key={`${query.filter} ${query.q}`} filter={query.filter} q={query.q} count={users.data.total} />
      )}
      {query.q && (
        <p className="admin-search-summary">
          Showing users matching “{query.q}”.{' '}
          <Button variant="quiet"
            onClick={() => {
              show(searchFor(query, ''));
            }}
          >
            Clear search
          </Button>
        </p>
      )}
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {users.isPending && <PageLoading label="Loading users…" />}
      {users.isError && (
        <FormMessage tone="error">
          {refusalMessage(users.error) ?? 'Failed to load the users. Please try again.'}
        </FormMessage>
      )}
      {users.data && (
        <>
          <UserTable
            users={users.data.users}
            sort={query}
            onSort={(column) => {
              show(sortBy(query, column));
            }}
            onNotice={setNotice}
            currentYear={editions.data?.[0]?.year}
            busy={users.isPlaceholderData}
          />
          <Pager
            page={users.data.page}
            perPage={users.data.per_page || PER_PAGE}
            total={users.data.total}
            hrefOf={hrefOf}
            noun="users"
          />
        </>
      )}
    </AdminPage>
  );
}
