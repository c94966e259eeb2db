import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

import { PageLoading } from '../../../components/page-loading';
import { formatConferenceTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { EventOnPage } from '../api/get-event-on-page';
import { EventFacts } from './event-facts';

// Only signed-in people need the card (its form, the dialog, the ticket):
// visitors of an edition's page never load it.
const RegistrationCard = lazy(async () => ({ default: (await import('./registration-card')).RegistrationCard }));

/**
 * The site's registration in place of an edition page's external
 * registration link (the content's `registration` link): a member's card
 * (the form, or where they stand, with their ticket), a visitor's way to
 * the event's page, or why registration is not open.
 */
export function EditionRegistration({ event }: { event: EventOnPage }) {
  const { user, isPending } = useSession();
  if (isPending) return null;
  if (user) {
    return (
      <Suspense fallback={<PageLoading label="Loading your registration…" />}>
        <RegistrationCard event={event} />
      </Suspense>
    );
  }
  return <VisitorRegistrationLink event={event} />;
}

/** For a visitor: "Register", leading to the event's page and its form; or when registration opens, or that it is closed. */
function VisitorRegistrationLink({ event }: { event: EventOnPage }) {
  // Only picks the wording of a closed registration ("opens on" or "is closed").
  const [now] = useState(() => Date.now());
  if (!event.open) {
    const opensLater = event.opens_at !== null && Date.parse(event.opens_at) > now;
    return (
      <>
        <EventFacts event={event} />
        <p>
          Registration for {event.title}{' '}
          {opensLater && event.opens_at ? `opens on ${formatConferenceTime(event.opens_at)}.` : 'is closed.'}
        </p>
      </>
    );
  }
  return (
    <>
      <EventFacts event={event} />
      <p>
        {event.places_left > 0
          ? `Registration for ${event.title} is open: ${String(event.places_left)} of ${String(event.capacity)} in-person places left.`
          : `Registration for ${event.title} is open. The in-person places are taken: registering in person puts you on the waiting list.`}
      </p>
      <p className="button-row">
        <Link to={`/events/${encodeURIComponent(event.slug)}`} className="button">
          Register
        </Link>
      </p>
    </>
  );
}
