import { useId, useState, type SubmitEvent } from 'react';
import { Link, useParams } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { AdminPage } from '../../admin';
import { EDITION_PARAM, useChosenEdition } from '../../editions';
import { statusLabels } from '../../users';
import {
  useAssignReviewer,
  useReviewers,
  useReviewSettings,
  useSubmissionReviews,
  useUnassignReviewer,
} from '../api/review-queries';
import type { ReviewAssignmentDetail, ReviewCriterion, SubmissionReviews } from '../api/review-types';
import { formatMean } from '../review-overview-sort';
import { ASSIGNMENT_STATE_LABELS } from './review-labels';
import { ReviewerField } from './reviewer-field';
import { ScoreList } from './score-list';
import './reviews.css';

/**
 * /user-data/reviews/:submissionId?edition=2025: every review of one
 * submission of that edition (else the current one), with the reviewers'
 * names. The edition is the overview's, shown rather than offered: a
 * submission belongs to one edition.
 */
export function SubmissionReviewsPage() {
  const { submissionId = '' } = useParams();
  const { year, current, editions } = useChosenEdition();
  // An earlier edition's reviews are read, not changed (the server refuses with 409).
  const earlier = year !== undefined && current !== undefined && year !== current;
  const reviews = useSubmissionReviews(year, submissionId);
  const settings = useReviewSettings(year);
  const title = reviews.data ? `Reviews of ${reviews.data.code}` : 'Reviews of a submission';
  const overview =
    year === undefined ? paths.userDataReviews : `${paths.userDataReviews}?${EDITION_PARAM}=${String(year)}`;

  return (
    <AdminPage title={title}>
      <p>
        <Link to={overview}>All submissions’ reviews</Link>
        {year !== undefined && <> · A submission to SCULC {year}</>}
      </p>
      {earlier && (
        <FormMessage tone="info">
          SCULC {year} is not the current edition: its reviews can be read, not changed.
        </FormMessage>
      )}
      {year === undefined && editions.isError && (
        <FormMessage tone="error">
          {refusalMessage(editions.error) ?? 'Failed to load the editions. Please try again.'}
        </FormMessage>
      )}
      {((year === undefined && !editions.isError) || (year !== undefined && reviews.isPending)) && (
        <PageLoading label="Loading the reviews…" />
      )}
      {reviews.isError && (
        <FormMessage tone="error">
          {refusalMessage(reviews.error) ?? 'Failed to load the reviews. Please try again.'}
        </FormMessage>
      )}
      {year !== undefined && reviews.data && (
        <SubmissionReviewsBody
          year={year}
          readOnly={earlier}
          detail={reviews.data}
          criteria={settings.data?.criteria ?? []}
        />
      )}
    </AdminPage>
  );
}

interface BodyProps {
  year: number;
  /** An earlier edition's: no assigning or removing. */
  readOnly: boolean;
  detail: SubmissionReviews;
  criteria: ReviewCriterion[];
}

function SubmissionReviewsBody({ year, readOnly, detail, criteria }: BodyProps) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const reviewsId = useId();
  return (
    <>
      <dl className="review-submission-facts">
        <div>
          <dt>Title</dt>
          <dd>{detail.title}</dd>
        </div>
        <div>
          <dt>Author</dt>
          <dd>{detail.author}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusLabels[detail.status]}</dd>
        </div>
        <div>
          <dt>Mean</dt>
          <dd>{formatMean(detail.mean)}</dd>
        </div>
        <div>
          <dt>Reviews</dt>
          <dd>
            {detail.submitted} of {detail.assigned}
          </dd>
        </div>
      </dl>
      {detail.flagged && <FormMessage tone="info">The PDF may name its author.</FormMessage>}
      <p>
        <a href={detail.file_url} target="_blank" rel="noopener noreferrer">
          Open the PDF <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </p>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {detail.own && (
        <FormMessage tone="info">
          This is your own submission: another admin decides on it, and its reviewers are not named to you.
        </FormMessage>
      )}
      <section aria-labelledby={reviewsId}>
        <h2 id={reviewsId}>Assigned reviewers</h2>
        {detail.assignments.length === 0 && <p>No reviewer is assigned yet.</p>}
        {detail.assignments.map((assignment) => (
          <AssignmentCard
            key={assignment.reviewer_id ?? assignment.reviewer_name}
            year={year}
            readOnly={readOnly}
            submissionId={detail.submission_id}
            assignment={assignment}
            criteria={criteria}
            onNotice={setNotice}
          />
        ))}
      </section>
      {!detail.own && !readOnly && <AssignByHand year={year} detail={detail} onNotice={setNotice} />}
    </>
  );
}

interface AssignmentCardProps {
  year: number;
  readOnly: boolean;
  submissionId: string;
  assignment: ReviewAssignmentDetail;
  criteria: ReviewCriterion[];
  onNotice: (notice: { tone: 'success' | 'error'; text: string }) => void;
}

function AssignmentCard({ year, readOnly, submissionId, assignment, criteria, onNotice }: AssignmentCardProps) {
  const unassign = useUnassignReviewer(year);
  const confirm = useConfirm();
  const { review } = assignment;
  const removeAssignment = async () => {
    const reviewerId = assignment.reviewer_id;
    if (!reviewerId) return; // not named: the admin is an author
    const sure = await confirm({
      title: 'Remove reviewer',
      message: `Remove ${assignment.reviewer_name} from this submission? Their draft goes with it.`,
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await unassign.mutateAsync({ submissionId, reviewerId });
      onNotice({ tone: 'success', text: `${assignment.reviewer_name} was removed from this submission.` });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to remove the assignment. Please try again.' });
    }
  };
  return (
    <article className="card review-assignment-card" aria-label={`Review by ${assignment.reviewer_name}`}>
      <h3>{assignment.reviewer_name}</h3>
      <p>
        {ASSIGNMENT_STATE_LABELS[assignment.state]}
        {review?.submitted_at && `, ${formatConferenceTime(review.submitted_at)}`}
      </p>
      {assignment.abstain_reason && <p>Reason for abstaining: {assignment.abstain_reason}</p>}
      {review && (
        <>
          <ScoreList criteria={criteria} scores={review.scores} recommendation={review.recommendation} />
          {review.comment_for_author && (
            <>
              <h4>Comment for the author</h4>
              <p className="review-comment">{review.comment_for_author}</p>
            </>
          )}
          {review.comment_for_organisers && (
            <>
              <h4>Confidential comment for the organisers</h4>
              <p className="review-comment">{review.comment_for_organisers}</p>
            </>
          )}
        </>
      )}
      {!readOnly && assignment.reviewer_id && assignment.state !== 'submitted' && assignment.state !== 'abstained' && (
        <Button variant="quiet"
          disabled={unassign.isPending}
          onClick={() => void removeAssignment()}
        >
          Remove assignment <span className="visually-hidden">of {assignment.reviewer_name}</span>
        </Button>
      )}
    </article>
  );
}

function AssignByHand({
  year,
  detail,
  onNotice,
}: Pick<BodyProps, 'year' | 'detail'> & Pick<AssignmentCardProps, 'onNotice'>) {
  const reviewers = useReviewers(year);
  const assign = useAssignReviewer(year);
  const [reviewerId, setReviewerId] = useState('');
  const headingId = useId();
  const taken = new Set(detail.assignments.map(({ reviewer_id }) => reviewer_id));
  const choices = (reviewers.data?.reviewers ?? []).filter(({ id }) => !taken.has(id));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reviewer = choices.find(({ id }) => id === reviewerId);
    if (!reviewer) {
      onNotice({ tone: 'error', text: 'Choose a reviewer.' });
      return;
    }
    try {
      await assign.mutateAsync({ submissionId: detail.submission_id, reviewerId: reviewer.id });
      onNotice({ tone: 'success', text: `${reviewer.name} was assigned and e-mailed.` });
      setReviewerId('');
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to assign the reviewer. Please try again.' });
    }
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Assign a reviewer</h2>
      <form className="form assign-form" noValidate onSubmit={(event) => void submit(event)}>
        <ReviewerField
          value={reviewerId}
          onChange={setReviewerId}
          reviewers={choices}
          describe={(reviewer) => `${reviewer.name} (${reviewer.assigned} assigned)`}
        />
        <Button type="submit" disabled={assign.isPending}>
          {assign.isPending ? 'Assigning...' : 'Assign'}
        </Button>
      </form>
    </section>
  );
}
