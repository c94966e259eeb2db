import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { toPacificInput } from '../../../lib/pacific-time';
import { useEventProposal, type AdminEvent, type EventProposal } from '../api/events';
import { NewEventForm } from './new-event-form';

/** Where an event's registrations, and its name, date and place, are changed. */
function eventPath(slug: string): string {
  return `${paths.userDataRegistration}?event=${encodeURIComponent(slug)}`;
}

/**
 * "Open registration" on an edition's (or a NACLO session's) screen: the
 * form starts from the content's name, address, date, time and place; once
 * registration is open, a link to its list, where they can be changed.
 */
export function OpenRegistration({
  asked,
  whileOpen,
}: {
  asked: { edition: number } | { session: string };
  /** Shown under the link once registration is open, such as a question for the chair. */
  whileOpen?: ReactNode;
}) {
  const proposal = useEventProposal(asked);
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState<AdminEvent>();

  if (proposal.isPending) return <PageLoading label="Loading the registration…" />;
  if (proposal.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(proposal.error) ?? 'Failed to load the registration. Please try again.'}
      </FormMessage>
    );
  }
  const event = proposal.data;
  if (opened || event.exists) {
    return (
      <div>
        {opened && <FormMessage tone="success">Registration for {opened.title} is open.</FormMessage>}
        <p>
          Members and visitors register for {opened?.title ?? event.title} on the site.{' '}
          <Link to={eventPath(event.slug)}>See its registrations, or change its name, date, place or window</Link>
        </p>
        {whileOpen}
      </div>
    );
  }
  if (opening) {
    return (
      <NewEventForm
        initial={initialOf(event)}
        onCreated={(created) => {
          setOpening(false);
          setOpened(created);
          void proposal.refetch();
        }}
        onCancel={() => {
          setOpening(false);
        }}
      />
    );
  }
  return (
    <div>
      <p>
        Registration is not open yet.{' '}
        {event.starts_at
          ? `It would start from ${event.title}, ${formatConferenceTime(event.starts_at)}${event.place ? `, ${event.place}` : ''}.`
          : `The pages of ${event.title} name no date yet: the form starts from its name.`}
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          setOpening(true);
        }}
      >
        Open registration for {event.title}
      </Button>
    </div>
  );
}

function initialOf(event: EventProposal) {
  return { title: event.title, slug: event.slug, starts_at: toPacificInput(event.starts_at), place: event.place };
}
