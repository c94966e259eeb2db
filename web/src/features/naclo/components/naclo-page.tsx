import { useState } from 'react';
import { Link } from 'react-router';

import { EmbedFrame, ExpandableEmbed } from '../../../components/embed-frame';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import type { NacloEvent } from '../../../lib/content-types';
import { formatConferenceTime } from '../../../lib/format';
import { useNaclo } from '../api/get-naclo';
import { useSessionEvents, type SessionEvent } from '../api/get-session-events';
import { formatClock, formatEventDate, formatTimeRange } from '../format-event';
import './naclo.css';

/**
 * The competition page: what NACLO is, its dates on campus, what to bring,
 * the attendance form. A session whose event (`event_slug`) takes
 * registrations on this site shows Register, or where the person stands,
 * and the form is left out once every session does.
 */
export function NacloPage() {
  const naclo = useNaclo();
  const slugs = (naclo.data?.events ?? []).flatMap((event) => (event.event_slug ? [event.event_slug] : []));
  const sessionEvents = useSessionEvents(slugs);
  if (naclo.isPending) return <PageLoading />;
  if (naclo.isError) {
    return (
      <Page title={routes.naclo.title}>
        <FormMessage tone="error">{naclo.error.message}</FormMessage>
      </Page>
    );
  }

  const { title, intro, events, bring, form } = naclo.data;
  const { expandable, ...embed } = form;
  /** The session's event, when it takes registrations on this site and the admins did not keep the form. */
  const siteEvent = (session: NacloEvent) => {
    const event = session.event_slug ? sessionEvents.data?.get(session.event_slug) : undefined;
    return event && !event.keep_external_links ? event : undefined;
  };
  // Not known yet: the form waits rather than showing and going.
  const knowing = slugs.length > 0 && sessionEvents.isPending;
  const formShown = !knowing && !(events.length > 0 && events.every((session) => siteEvent(session)));
  return (
    <Page title={routes.naclo.title} className="naclo-page">
      {title !== routes.naclo.title && <p className="lead">{title}</p>}
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <section aria-labelledby="naclo-dates">
        <h2 id="naclo-dates">Dates</h2>
        <div className="naclo-event-list">
          {events.map((event) => (
            <CompetitionEvent key={`${event.name} ${event.date}`} event={event} registration={siteEvent(event)} />
          ))}
        </div>
      </section>
      {bring.length > 0 && (
        <section aria-labelledby="naclo-bring">
          <h2 id="naclo-bring">What to bring</h2>
          <ul className="content-list">
            {bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      {formShown && (
        <section aria-labelledby="naclo-form">
          <h2 id="naclo-form">{form.title}</h2>
          {expandable ? <ExpandableEmbed {...embed} /> : <EmbedFrame {...embed} />}
        </section>
      )}
    </Page>
  );
}

function CompetitionEvent({ event, registration }: { event: NacloEvent; registration: SessionEvent | undefined }) {
  return (
    <article className="card naclo-event">
      <h3>{event.name}</h3>
      <dl className="facts">
        <div className="fact">
          <dt>Date</dt>
          <dd>{formatEventDate(event.date)}</dd>
        </div>
        <div className="fact">
          <dt>Time</dt>
          <dd>{formatTimeRange(event.starts, event.ends)}</dd>
        </div>
        {event.arrive_by && (
          <div className="fact">
            <dt>Arrive by</dt>
            <dd>{formatClock(event.arrive_by)}</dd>
          </div>
        )}
        {event.location && (
          <div className="fact">
            <dt>Where</dt>
            <dd>{event.location}</dd>
          </div>
        )}
      </dl>
      {event.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {registration && <SessionRegistration event={registration} />}
    </article>
  );
}

/**
 * A session's registration on this site: Register (its event's page holds
 * the form), where the person stands, or why registration is not open.
 */
function SessionRegistration({ event }: { event: SessionEvent }) {
  // Only picks the wording of a closed registration ("opens on" or "is closed").
  const [now] = useState(() => Date.now());
  const page = `/events/${encodeURIComponent(event.slug)}`;
  const mine = event.mine;
  if (mine) {
    let standing = `You are registered for ${event.title}: ${mine.mode === 'in_person' ? 'in person' : 'virtually'}.`;
    if (mine.state === 'waiting') {
      standing = `You are number ${String(mine.position ?? '')} on the waiting list for ${event.title}.`;
    } else if (mine.state === 'offered' && mine.offer_expires_at) {
      standing = `A place at ${event.title} has come free for you: take it by ${formatConferenceTime(mine.offer_expires_at)}.`;
    }
    return (
      <>
        <p>{standing}</p>
        <p className="button-row">
          <Link to={page} className="button button-secondary" aria-label={`Your registration for ${event.title}`}>
            Your registration
          </Link>
        </p>
      </>
    );
  }
  if (!event.open) {
    const opensLater = event.opens_at !== null && Date.parse(event.opens_at) > now;
    return (
      <p>
        {opensLater && event.opens_at
          ? `Registration opens on ${formatConferenceTime(event.opens_at)}.`
          : 'Registration is closed.'}
      </p>
    );
  }
  return (
    <p className="button-row">
      <Link to={page} className="button" aria-label={`Register for ${event.title}`}>
        Register
      </Link>
    </p>
  );
}
