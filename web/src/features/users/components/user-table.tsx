import { Fragment, useId, useState } from 'react';

import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';

import { formatConferenceTime } from '../../../lib/format';
import { type Notice, SortHeader } from '../../admin';
import type { AdminUser } from '../api/types';
import { USER_COLUMNS, type SortColumn, type SortState } from '../user-table-query';
import { AdminToggle } from './admin-toggle';
import { ATTENDANCE_LABELS, FORMAT_LABELS, materialsLabel, MODE_LABELS } from './attendance-labels';
import { displayName } from './display-name';
import { PLAIN_ROLES, roleLabel, RoleToggle } from './role-toggle';
import { UserRegistrations } from './user-registrations';
import { UserSubmissions } from './user-submissions';

interface UserTableProps {
  users: AdminUser[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  onNotice: (notice: Notice) => void;
  currentYear: number | undefined;
  /** The edition whose applicants, presenters and answers the rows show. */
  edition: number;
  /** The rows shown are the previous page's while the next one loads. */
  busy: boolean;
}

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/** An empty cell: a dash on screen, a word for screen readers. */
function Empty() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

/**
 * What presenters answered after acceptance (issue 15): not sortable, after
 * Upload Time. Shown when the page has someone with an accepted submission:
 * before that they would be columns of dashes. The answer, its formats and
 * modes share one cell, so that the table still fits a 1280 px screen.
 */
const ATTENDANCE_COLUMNS = ['Attendance', 'Final materials'] as const;
/** Where the attendance columns go: before Admin. */
const ADMIN_INDEX = USER_COLUMNS.findIndex(({ key }) => key === 'admin');

/**
 * An address that may break only before an "@" or a "." (the cell does not
 * wrap), as style guides break addresses: each piece stays whole and keeps
 * its mark in front ("mary.haas" / "@ucsc" / ".edu"), so a long university
 * address takes lines instead of the width the role columns need.
 */
function EmailCell({ email }: { email: string }) {
  const pieces = email.split(/(?=[.@])/);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** The person's answer, then each format and mode, one per line; none: a dash. */
function AttendanceCell({ user }: { user: AdminUser }) {
  if (user.attendance === 'none') return <Empty />;
  const lines = [
    ATTENDANCE_LABELS[user.attendance],
    ...user.formats.map((format) => FORMAT_LABELS[format]),
    ...user.modes.map((mode) => MODE_LABELS[mode]),
  ];
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={line}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The spec's table, one row per user with their first abstract, in the
 * order the server sorted it. Under a row, its user's submissions open in
 * place. The table scrolls sideways in its own region on a narrow screen.
 */
export function UserTable({ users, sort, onSort, onNotice, currentYear, edition, busy }: UserTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const rowsId = useId();
  const sortedBy = USER_COLUMNS.find(({ key }) => key === sort.sort)?.label ?? '';
  const showAttendance = users.some((user) => user.attendance !== 'none');
  const columnCount =
    USER_COLUMNS.length + PLAIN_ROLES.length + (showAttendance ? ATTENDANCE_COLUMNS.length : 0);

  return (
    <DataTable
      caption={`Users of SCULC ${String(edition)}, sorted by ${sortedBy}, ${sort.dir === 'asc' ? 'ascending' : 'descending'}`}
      className="users-table"
      busy={busy}
    >
      <thead>
        <tr>
          {USER_COLUMNS.slice(0, ADMIN_INDEX).map(({ key, label }) => (
            <SortHeader key={key} column={key} label={label} sort={sort} onSort={onSort} />
          ))}
          {showAttendance &&
            ATTENDANCE_COLUMNS.map((label) => (
              <th key={label} scope="col" className="users-wrapping-header">
                {label}
              </th>
            ))}
          {USER_COLUMNS.slice(ADMIN_INDEX).map(({ key, label }) => (
            <SortHeader key={key} column={key} label={label} sort={sort} onSort={onSort} />
          ))}
          {/* Each role over its own column of boxes, beside Admin's. */}
          {PLAIN_ROLES.map((role) => (
            <th key={role} scope="col" className="users-role-header">
              {roleLabel(role)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {users.length === 0 && (
          <tr>
            <td colSpan={columnCount}>No users found.</td>
          </tr>
        )}
        {users.map((user) => {
          const first = user.first_submission;
          const open = expanded === user.id;
          const detailsId = `${rowsId}-${user.id}`;
          return (
            <Fragment key={user.id}>
              <tr>
                <th scope="row">
                  <span className="users-name">{displayName(user)}</span>
                  <Button variant="quiet"
                    aria-expanded={open}
                    aria-controls={open ? detailsId : undefined}
                    onClick={() => {
                      setExpanded(open ? null : user.id);
                    }}
                  >
                    {open ? 'Hide submissions' : 'Submissions'}{' '}
                    <span className="visually-hidden">of {displayName(user)}</span>
                  </Button>
                </th>
                <td>
                  <EmailCell email={user.email} />
                </td>
                <td>{yesNo(user.applicant)}</td>
                <td>{yesNo(user.presenter)}</td>
                <td>
                  {first ? (
                    <a href={first.file_url} target="_blank" rel="noopener noreferrer">
                      {first.title}{' '}
                      <span className="visually-hidden">(opens in a new tab)</span>
                    </a>
                  ) : (
                    <Empty />
                  )}
                  {user.submission_count > 1 && (
                    <span className="users-more-submissions"> +{user.submission_count - 1} more</span>
                  )}
                </td>
                <td>{first ? formatConferenceTime(first.uploaded_at) : <Empty />}</td>
                {showAttendance && (
                  <>
                    <td>
                      <AttendanceCell user={user} />
                    </td>
                    <td>{materialsLabel(user) ?? <Empty />}</td>
                  </>
                )}
                <td className="users-role-cell">
                  <AdminToggle user={user} onNotice={onNotice} />
                </td>
                {PLAIN_ROLES.map((role) => (
                  <td key={role} className="users-role-cell">
                    <RoleToggle user={user} role={role} onNotice={onNotice} />
                  </td>
                ))}
              </tr>
              {open && (
                <tr className="users-details">
                  <td id={detailsId} colSpan={columnCount}>
                    <UserSubmissions user={user} currentYear={currentYear} />
                    <UserRegistrations user={user} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </DataTable>
  );
}
