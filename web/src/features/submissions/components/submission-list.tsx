import type { ReactNode } from 'react';

import type { Submission } from '../../../api/types';
import { formatConferenceTime } from '../../../lib/format';
import { formatFileSize } from '../../../lib/format-size';
import { formatLabels } from './details-draft';
import './submissions.css';
import { Button } from '../../../components/button';

interface SubmissionListProps {
  submissions: readonly Submission[];
  /** Offers a × button per undecided submission when given. */
  onDelete?: (submission: Submission) => void;
  /** Offers a Withdraw button per decided submission (which can no longer be deleted) when given. */
  onWithdraw?: (submission: Submission) => void;
  /** The submission being deleted or withdrawn, whose button is disabled meanwhile. */
  busyId?: string | null;
  /** Offers an Edit details button per editable submission when given. */
  onEdit?: (submission: Submission) => void;
  /** The submission whose details are being edited, shown with `editor` instead of the button. */
  editingId?: string | null;
  editor?: (submission: Submission) => ReactNode;
}

/** A decision, in the author's words; undecided submissions show none. */
const decisionLabels: Readonly<Partial<Record<Submission['status'], string>>> = {
  accepted: 'Accepted',
  rejected: 'Not accepted',
};

function isDecided(submission: Submission): boolean {
  return submission.status === 'accepted' || submission.status === 'rejected';
}

/** Opens the PDF in a new tab; the server serves it inline to its owner. */
function openFile(submission: Submission) {
  window.open(submission.file_url, '_blank', 'noopener');
}

/**
 * The user's submissions: each by its title and code, with a button that
 * opens the file in a new tab, its details, upload time (conference time),
 * size and guideline check.
 */
export function SubmissionList({
  submissions,
  onDelete,
  onWithdraw,
  busyId = null,
  onEdit,
  editingId = null,
  editor,
}: SubmissionListProps) {
  return (
    <ul className="submissions-list">
      {submissions.map((submission) => (
        <li key={submission.id} className="submissions-item">
          <p className="submissions-title">
            {submission.title} <span className="submissions-code">({submission.code})</span>
          </p>
          <div className="submissions-row">
            <button
              type="button"
              className="submissions-file"
              onClick={() => {
                openFile(submission);
              }}
            >
              {submission.original_name}{' '}
              <span className="visually-hidden">(opens in a new tab)</span>
            </button>
            {onDelete && !isDecided(submission) && (
              <button
                type="button"
                className="submissions-delete"
                aria-label={`Delete ${submission.title}`}
                disabled={busyId === submission.id}
                onClick={() => {
                  onDelete(submission);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
            {onWithdraw && isDecided(submission) && (
              <button
                type="button"
                className="submissions-withdraw"
                aria-label={`Withdraw ${submission.title}`}
                disabled={busyId === submission.id}
                onClick={() => {
                  onWithdraw(submission);
                }}
              >
                Withdraw
              </button>
            )}
          </div>
          {decisionLabels[submission.status] && (
            <p className="submissions-status">
              Decision: <strong>{decisionLabels[submission.status]}</strong>
            </p>
          )}
          <p className="submissions-meta">
            Uploaded <time dateTime={submission.uploaded_at}>{formatConferenceTime(submission.uploaded_at)}</time>
            {' · '}
            {formatFileSize(submission.size_bytes)}
          </p>
          <DetailsSummary submission={submission} />
          <GuidelineCheck submission={submission} />
          {editor && editingId === submission.id
            ? editor(submission)
            : onEdit &&
              submission.editable && (
                <Button variant="secondary"
                  aria-label={`Edit the details of ${submission.title}`}
                  disabled={busyId === submission.id}
                  onClick={() => {
                    onEdit(submission);
                  }}
                >
                  Edit details
                </Button>
              )}
        </li>
      ))}
    </ul>
  );
}

/** The server's guideline check: the word count against the limit, and any warnings. */
function GuidelineCheck({ submission }: { submission: Submission }) {
  const { word_count: count, word_limit: limit, warnings } = submission;
  return (
    <>
      {count !== null && (
        <p className="submissions-words">
          {count} {count === 1 ? 'word' : 'words'} (limit {limit})
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="submission-warnings" aria-label="Guideline warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Co-authors, keywords and the preferred format, in one short block. */
function DetailsSummary({ submission }: { submission: Submission }) {
  const { coauthors, keywords, preferred_format: format } = submission;
  return (
    <dl className="submissions-details-summary">
      {coauthors.length > 0 && (
        <>
          <dt>Co-authors</dt>
          <dd>{coauthors.map((c) => `${c.name} (${c.institution})`).join(', ')}</dd>
        </>
      )}
      {keywords.length > 0 && (
        <>
          <dt>Keywords</dt>
          <dd>{keywords.join(', ')}</dd>
        </>
      )}
      <dt>Preferred format</dt>
      <dd>{formatLabels[format]}</dd>
    </dl>
  );
}
