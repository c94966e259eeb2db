import { useId } from 'react';
import { Link, useLocation } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { readRedirectState } from '../../../lib/redirect-state';
import { useReviewerHome } from '../api/get-reviewer-home';
import { formatLabel } from '../review-values';
import { reviewPath } from '../review-path';
import { ConflictsSection } from './conflicts-section';
import { DEADLINE_PASSED, STATE_LABELS } from './labels';
import './review.css';

/** /review: the reviewer's assigned abstracts, the progress, the deadline and their conflicts. */
export function ReviewHomePage() {
  const home = useReviewerHome();
  const { message } = readRedirectState(useLocation().state);
  const progressId = useId();

  return (
    <Page title={routes.review.title} className="review-page">
      {message && <FormMessage tone="success">{message}</FormMessage>}
      {home.isPending && <PageLoading label="Loading your reviews…" />}
      {home.isError && (
        <FormMessage tone="error">
          {refusalMessage(home.error) ?? 'Failed to load your reviews. Please try again.'}
        </FormMessage>
      )}
      {home.data && (
        <>
          <p className="review-progress">
            <strong id={progressId}>
              {home.data.reviewed} of {home.data.assigned} reviewed
            </strong>
            <progress
              className="review-progress-meter"
              aria-labelledby={progressId}
              max={Math.max(home.data.assigned, 1)}
              value={home.data.reviewed}
            />
          </p>
          {!home.data.open ? (
            <FormMessage tone="info">{DEADLINE_PASSED}</FormMessage>
          ) : (
            home.data.deadline && (
              <p>
                Reviews can be submitted and edited until{' '}
                <strong>{formatConferenceTime(home.data.deadline)}</strong>.
              </p>
            )
          )}
          {home.data.assignments.length === 0 ? (
            <p>No abstracts are assigned to you yet. You will get an e-mail when they are.</p>
          ) : (
            <ul className="review-assignment-list" aria-label="Your assigned abstracts">
              {home.data.assignments.map((assignment) => (
                <li key={assignment.code} className="review-assignment">
                  <Link to={reviewPath(assignment.code)} className="review-assignment-link">
                    <span className="review-assignment-code">{assignment.code}</span> {assignment.title}
                  </Link>
                  <dl className="review-assignment-facts">
                    <div>
                      <dt>Keywords</dt>
                      <dd>{assignment.keywords.length ? assignment.keywords.join(', ') : 'none'}</dd>
                    </div>
                    <div>
                      <dt>Format</dt>
                      <dd>{formatLabel(assignment.preferred_format)}</dd>
                    </div>
                    <div>
                      <dt>State</dt>
                      <dd className={`review-state is-${assignment.state}`}>{STATE_LABELS[assignment.state]}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ConflictsSection />
    </Page>
  );
}
