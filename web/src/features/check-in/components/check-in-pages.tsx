import { Link, Navigate, useParams } from 'react-router';

import { PageLoading } from '../../../components/page-loading';
import { Page } from '../../../components/page';
import { FormMessage } from '../../../components/form-message';
import { paths, routes } from '../../../config/routes';
import { formatConferenceTime } from '../../../lib/format';
import { useCheckInDesk } from '../api/get-check-in-desk';
import { useCheckInEvents } from '../api/get-check-in-events';
import { useDesk } from '../use-desk';
import { CheckInOnly } from './check-in-only';
import { CountsPanel } from './desk-counts';
import { NameLookup } from './name-lookup';
import { QueueStatus } from './queue-status';
import { ResultPanel } from './result-panel';
import { TicketScanner } from './ticket-scanner';
import './check-in.css';

/** The desk of one event. */
export function deskPath(slug: string): string {
  return `${paths.checkIn}/${encodeURIComponent(slug)}`;
}

function EventChoice() {
  const events = useCheckInEvents();
  if (events.isPending) return <PageLoading label="Loading the events…" />;
  if (events.isError) {
    return (
      <Page title={routes.checkIn.title} className="check-in-page">
        <FormMessage tone="error">The events could not be loaded. Please reload the page.</FormMessage>
      </Page>
    );
  }
  const [only] = events.data;
  if (events.data.length === 1 && only) return <Navigate to={deskPath(only.slug)} replace />;
  return (
    <Page title={routes.checkIn.title} className="check-in-page">
      {events.data.length === 0 ? (
        <p>No event has registration yet, so there is no one to check in.</p>
      ) : (
        <>
          <p>Choose the event at your door.</p>
          <ul className="check-in-events">
            {events.data.map((event) => (
              <li key={event.slug}>
                <Link to={deskPath(event.slug)} className="check-in-event-link">
                  {event.title}
                </Link>{' '}
                <span className="check-in-event-time">{formatConferenceTime(event.starts_at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

function Desk({ slug }: { slug: string }) {
  const desk = useCheckInDesk(slug);
  const door = useDesk(slug);
  if (desk.isPending) return <PageLoading label="Opening the desk…" />;
  if (!desk.data) {
    return (
      <Page title={routes.checkIn.title} className="check-in-page">
        <FormMessage tone="error">This event’s desk could not be opened. Please reload the page.</FormMessage>
        <p>
          <Link to={paths.checkIn}>Choose an event</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={`Check-in: ${desk.data.title}`} className="check-in-page">
      <p className="check-in-when">
        Starts {formatConferenceTime(desk.data.starts_at)}. <Link to={paths.checkIn}>Another event</Link>
      </p>
      <p className="check-in-when">
        Check-in is open from {formatConferenceTime(desk.data.check_in_opens_at)} to{' '}
        {formatConferenceTime(desk.data.check_in_closes_at)}.
      </p>
      <ResultPanel
        outcome={door.outcome}
        busy={door.busy}
        mayOverride={desk.data.may_override}
        onUndo={(person) => void door.undo(person)}
      />
      <QueueStatus waiting={door.waiting} report={door.report} onDismiss={door.dismissReport} />
      <div className="check-in-tools">
        <TicketScanner onTicket={(token) => void door.scan(token)} />
        <NameLookup
          slug={slug}
          busy={door.busy}
          waiting={door.waitingPeople}
          onCheckIn={(person) => void door.checkInPerson(person)}
        />
      </div>
      <CountsPanel counts={desk.data.counts} stale={desk.isError || desk.fetchStatus === 'paused'} />
    </Page>
  );
}

/** /check-in: the events a volunteer can open; with only one, its desk at once. */
export function CheckInEventsPage() {
  return (
    <CheckInOnly>
      <EventChoice />
    </CheckInOnly>
  );
}

/** /check-in/<slug>: scan tickets, find people by name, the counts. */
export function CheckInDeskPage() {
  const { slug = '' } = useParams();
  return (
    <CheckInOnly>
      <Desk key={slug} slug={slug} />
    </CheckInOnly>
  );
}
