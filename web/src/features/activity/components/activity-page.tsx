import { useSearchParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { AdminPage, Pager } from '../../admin';
import { EDITION_PARAM, editionCaption, EditionPicker, useChosenEdition } from '../../editions';
import { AUDIT_PER_PAGE, useAudit } from '../api/get-audit';
import { UndeliveredEmails } from './undelivered-emails';
import './activity.css';

/**
 * /user-data/activity: who did what and when, newest first (?page=2 for
 * older); every entry, or one edition's (?edition=2025). "All editions" is
 * the default: most entries (roles, the site's content, templates) belong
 * to no edition.
 */
export function ActivityPage() {
  const [searchParams] = useSearchParams();
  const asked = Number(searchParams.get('page'));
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const edition = useChosenEdition({ all: true, resets: ['page'] });
  const { year } = edition;
  const audit = useAudit(page, year);
  const pageHref = (next: number) =>
    year === undefined ? `?page=${String(next)}` : `?${EDITION_PARAM}=${String(year)}&page=${String(next)}`;

  return (
    <AdminPage title={routes.userDataActivity.title}>
      <UndeliveredEmails />
      <EditionPicker
        edition={edition}
        hint={
          year === undefined
            ? 'Every entry, including those about no edition (roles, the site’s content, templates).'
            : `The entries about ${editionCaption(year)}: its submissions, decisions, reviews, program and settings.`
        }
      />
      {audit.isPending && <PageLoading label="Loading the activity log…" />}
      {audit.isError && (
        <FormMessage tone="error">
          {refusalMessage(audit.error) ?? 'Failed to load the activity log. Please try again.'}
        </FormMessage>
      )}
      {audit.data && (
        <>
          {audit.data.about_own_submissions > 0 && (
            <p>
              {audit.data.about_own_submissions === 1
                ? '1 entry is not shown to you'
                : `${audit.data.about_own_submissions} entries are not shown to you`}
              : they say who reviews your own submissions. Another admin can read them.
            </p>
          )}
          {audit.data.entries.length === 0 ? (
            <p>Nothing has been recorded yet.</p>
          ) : (
            <ol
              className="activity-log"
              aria-label={
                year === undefined ? 'Admin actions, newest first' : `Admin actions about ${editionCaption(year)}, newest first`
              }
            >
              {audit.data.entries.map((entry) => (
                <li key={entry.id} className="activity-entry">
                  <p className="activity-summary">{entry.summary}</p>
                  <p className="activity-meta">
                    <time dateTime={entry.at}>{formatConferenceTime(entry.at)}</time> · {entry.actor_name}
                    {entry.actor_email && ` (${entry.actor_email})`}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pager
            page={audit.data.page}
            perPage={audit.data.per_page || AUDIT_PER_PAGE}
            total={audit.data.total}
            hrefOf={pageHref}
            noun="entries"
          />
        </>
      )}
    </AdminPage>
  );
}
