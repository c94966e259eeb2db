import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { AdminPage, type Notice } from '../../admin';
import { useEvents, useNacloSessions, type AdminEvent } from '../api/events';
import { EventRegistrations } from './event-registrations';
import { NewEventForm } from './new-event-form';
import { OpenRegistration } from './open-registration';
import './registration.css';

/**
 * /user-data/registration: the events people register for, opening
 * registration for a new one, and one event's list (`?event=`, the latest
 * by default): its counts, its places, its waiting list and its CSV.
 */
export function RegistrationPage() {
  const events = useEvents();
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const chosen = search.get('event') ?? events.data?.[0]?.slug;

  const created = (event: AdminEvent) => {
    setCreating(false);
    setNotice({ tone: 'success', text: `Registration for ${event.title} is set up.` });
    setSearch({ event: event.slug });
  };

  return (
    <AdminPage title={routes.userDataRegistration.title}>
      <p>
        Members register for an event on the site. Once its places in person are taken, newcomers join a waiting
        list in the order they came; a place that comes free is offered to the next in line by e-mail.
      </p>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {events.isPending && <PageLoading label="Loading the events…" />}
      {events.isError && (
        <FormMessage tone="error">
          {refusalMessage(events.error) ?? 'Failed to load the events. Please try again.'}
        </FormMessage>
      )}
      {creating ? (
        <section className="card" aria-labelledby="new-event-title">
          <h2 id="new-event-title">Open Registration for an Event</h2>
          <NewEventForm
            onCreated={created}
            onCancel={() => {
              setCreating(false);
            }}
          />
        </section>
      ) : (
        <p>
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(undefined);
              setCreating(true);
            }}
          >
            Open Registration for an Event
          </Button>
        </p>
      )}
      <NacloSessions />
      {events.data?.length === 0 && !creating && <p>No event has registration yet.</p>}
      {events.data && events.data.length > 0 && (
        <DataTable caption="Events, the latest first" className="registration-events-table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Starts</th>
              <th scope="col">Places taken</th>
              <th scope="col">Waiting</th>
              <th scope="col">Registered</th>
              <th scope="col">Checked in</th>
            </tr>
          </thead>
          <tbody>
            {events.data.map((event) => (
              <tr key={event.slug}>
                <th scope="row">
                  <Link
                    to={`${paths.userDataRegistration}?event=${encodeURIComponent(event.slug)}`}
                    aria-current={event.slug === chosen ? 'true' : undefined}
                  >
                    {event.title}
                  </Link>
                </th>
                <td>{formatConferenceTime(event.starts_at)}</td>
                <td>
                  {event.counts.taken} of {event.capacity}
                </td>
                <td>{event.counts.waiting}</td>
                <td>{event.counts.registered}</td>
                <td>{event.counts.checked_in}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {chosen && <EventRegistrations key={chosen} slug={chosen} onNotice={setNotice} />}
    </AdminPage>
  );
}

/**
 * Each NACLO session whose page names its registration's address: its
 * registration opened from the session's name, date, time and place, or a
 * link to it once open. Nothing while the page names none.
 */
function NacloSessions() {
  const sessions = useNacloSessions();
  if (!sessions.data?.length) return null;
  return (
    <section className="card" aria-labelledby="naclo-sessions">
      <h2 id="naclo-sessions">NACLO sessions</h2>
      {sessions.data.map((session) => (
        <section key={session.slug} aria-label={session.name}>
          <h3>{session.name}</h3>
          <OpenRegistration asked={{ session: session.slug }} />
        </section>
      ))}
    </section>
  );
}
