import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { AdminPage, type Notice, Pager } from '../../admin';
import { EditionPicker, useChosenEdition, useEditions } from '../../editions';
import { usersCsvUrl, useUsers } from '../api/get-users';
import {
  filterBy,
  parseUserTableQuery,
  PER_PAGE,
  searchFor,
  showEdition,
  sortBy,
  userTableSearchParams,
  type UserTableQuery,
} from '../user-table-query';
import { AttendanceFilterSelect } from './attendance-filter';
import { ReminderButton } from './reminder-button';
import { UserSearch } from './user-search';
import { UserTable } from './user-table';
import './users.css';

/**
 * /user-data: every user with their first abstract in the chosen edition
 * (`?edition=`, else the current one); searched, sorted and paged by the server.
 */
export function UserDataPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseUserTableQuery(searchParams);
  const users = useUsers(query);
  const editions = useEditions();
  const chosen = useChosenEdition();
  const [notice, setNotice] = useState<Notice>();
  // The edition the rows show, as the server answered (the current one when none is asked for).
  const shown = users.data?.edition_year ?? query.edition;

  const show = (next: UserTableQuery) => {
    setNotice(undefined);
    setSearchParams(userTableSearchParams(next));
  };
  const hrefOf = (page: number) => `?${userTableSearchParams({ ...query, page }).toString()}`;

  return (
    <AdminPage title={routes.userData.title}>
      <div className="users-toolbar">
        <EditionPicker
          className="users-filter"
          edition={{
            ...chosen,
            // Another edition starts again at page 1; the search, filter and order stay.
            setYear: (year) => {
              show(showEdition(query, year));
            },
          }}
        />
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
        <a className="button button-secondary" href={usersCsvUrl(query, shown)} download>
          Export CSV
        </a>
      </div>
      {query.filter && users.data && !users.isPlaceholderData && (
        <ReminderButton
          key={`${query.filter} ${query.q} ${users.data.edition_year}`}
          filter={query.filter}
          q={query.q}
          count={users.data.total}
          edition={users.data.edition_year}
        />
      )}
      {query.q && (
        <p className="users-search-summary">
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
            edition={users.data.edition_year}
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
