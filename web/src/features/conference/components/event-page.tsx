import { useParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useEvent } from '../api/get-event';
import { RegistrationCard } from './registration-card';
import { VisitorRegistrationCard } from './visitor-registration-card';

import './conference.css';

/**
 * /events/{slug}: any event's registration (a NACLO session's, an
 * edition's): for a member, their registration card; for a visitor, the
 * form that registers them by e-mailed link.
 */
export function EventPage() {
  const { slug = '' } = useParams();
  const event = useEvent(slug);
  const { user, isPending } = useSession();
  if (event.isPending) {
    return (
      <Page title="Event">
        <PageLoading label="Loading the event…" />
      </Page>
    );
  }
  if (event.isError) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <Page title={missing ? 'No Such Event' : 'Event'}>
        <FormMessage tone="error">
          {missing
            ? 'There is no such event. Please check the link.'
            : (refusalMessage(event.error) ?? 'Failed to load the event. Please try again.')}
        </FormMessage>
      </Page>
    );
  }
  const data = event.data;
  return (
    <Page title={data.title}>
      {isPending ? null : user ? <RegistrationCard event={data} /> : <VisitorRegistrationCard event={data} />}
    </Page>
  );
}
