import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useLinkActions, useManagedRegistration } from '../api/manage-registration';
import { EventFacts } from './event-facts';
import { MyAnswers } from './registration-questions';
import { RegistrationStanding } from './registration-standing';

import './conference.css';

/**
 * /registration/manage#TOKEN: a registration's own link, from its
 * confirmation or offer e-mail. Whoever holds it sees the registration,
 * changes its answers, takes a place offered or cancels, without signing
 * in (visitors have no password). The token is in the fragment, which no
 * request carries.
 */
export function RegistrationManagePage() {
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  // Another link opened in the same tab changes only the fragment: its
  // registration starts afresh.
  return <ManagedRegistration key={token} token={token} />;
}

function ManagedRegistration({ token }: { token: string }) {
  const managed = useManagedRegistration(token);
  const actions = useLinkActions(token);
  const [cancelled, setCancelled] = useState(false);

  if (!token) {
    return (
      <Page title={routes.registrationManage.title}>
        <FormMessage tone="error">This link is incomplete. Please use the whole link from the e-mail.</FormMessage>
      </Page>
    );
  }
  if (managed.isPending) {
    return (
      <Page title={routes.registrationManage.title}>
        <PageLoading label="Loading your registration…" />
      </Page>
    );
  }
  if (managed.isError) {
    return (
      <Page title={routes.registrationManage.title}>
        <FormMessage tone="error">
          {refusalMessage(managed.error) ?? 'Your registration could not be loaded. Please try again.'}
        </FormMessage>
      </Page>
    );
  }
  const event = managed.data;
  return (
    <Page title={routes.registrationManage.title}>
      <section className="card" aria-labelledby="managed-event">
        <h2 id="managed-event">{event.title}</h2>
        <EventFacts event={event} />
        {cancelled && (
          <FormMessage tone="success">
            Your registration for {event.title} is cancelled. We have e-mailed you a confirmation.
          </FormMessage>
        )}
        {event.mine ? (
          <RegistrationStanding
            event={event}
            busy={actions.cancel.isPending || actions.accept.isPending}
            cancel={async () => {
              await actions.cancel.mutateAsync();
              setCancelled(true);
            }}
            accept={() => actions.accept.mutateAsync()}
            ticket={<p>Your ticket is in your confirmation e-mail: show its QR code at the door.</p>}
          >
            <MyAnswers
              event={event}
              save={(answers) => actions.changeAnswers.mutateAsync(answers)}
              saving={actions.changeAnswers.isPending}
            />
          </RegistrationStanding>
        ) : (
          !cancelled && <p>This registration is no longer active: it was cancelled or its offer ran out.</p>
        )}
        {!event.mine && (
          <p>
            <Link to={`/events/${encodeURIComponent(event.slug)}`}>See the event&rsquo;s page</Link> to register
            again.
          </p>
        )}
      </section>
    </Page>
  );
}
