import { Link } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { type PersonRegistration, statusText, useUserRegistrations } from '../../registration';
import type { AdminUser } from '../api/types';
import { displayName } from './display-name';

function stateText(registration: PersonRegistration): string {
  const status = statusText(registration, registration.position);
  return registration.state === 'registered' && registration.checked_in_at
    ? `${status}, checked in ${formatConferenceTime(registration.checked_in_at)}`
    : status;
}

/** A person's registrations for events, in the user table's details, each linked to its list. */
export function UserRegistrations({ user }: { user: AdminUser }) {
  const registrations = useUserRegistrations(user.id);
  const name = displayName(user);
  if (registrations.isPending) return <PageLoading label={`Loading the registrations of ${name}…`} />;
  if (registrations.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(registrations.error) ?? 'Failed to load the registrations. Please try again.'}
      </FormMessage>
    );
  }
  if (registrations.data.length === 0) return <p>{name} has not registered for an event.</p>;
  return (
    <>
      <h3>Registrations</h3>
      <ul>
        {registrations.data.map((registration, index) => (
          <li key={`${registration.event_slug}-${String(index)}`}>
            <Link to={`${paths.userDataRegistration}?event=${encodeURIComponent(registration.event_slug)}`}>
              {registration.event_title}
            </Link>
            : {stateText(registration)}, {registration.mode === 'in_person' ? 'in person' : 'virtually'}
            {registration.lunch ? ', with lunch' : ''}.
          </li>
        ))}
      </ul>
    </>
  );
}
