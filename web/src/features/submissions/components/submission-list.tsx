import type { Submission } from '../../../api/types';
import { formatConferenceTime, formatFileSize } from '../../../lib/format';

interface SubmissionListProps {
  submissions: readonly Submission[];
  /** Offers a × button per submission when given. */
  onDelete?: (submission: Submission) => void;
  /** The submission being deleted, whose × is disabled meanwhile. */
  deletingId?: string | null;
}

/** Opens the PDF in a new tab; the server serves it inline to its owner. */
function openFile(submission: Submission) {
  window.open(submission.file_url, '_blank', 'noopener');
}

/**
 * The user's submissions: each a button that opens the file in a new tab,
 * with its upload time (conference time), size and guideline check.
 */
export function SubmissionList({ submissions, onDelete, deletingId = null }: SubmissionListProps) {
  return (
    <ul className="submission-list">
      {submissions.map((submission) => (
        <li key={submission.id} className="submission">
          <div className="submission-row">
            <button
              type="button"
              className="submission-file"
              onClick={() => {
                openFile(submission);
              }}
            >
              {submission.original_name}{' '}
              <span className="visually-hidden">(opens in a new tab)</span>
            </button>
            {onDelete && (
              <button
                type="button"
                className="submission-delete"
                aria-label={`Delete ${submission.original_name}`}
                disabled={deletingId === submission.id}
                onClick={() => {
                  onDelete(submission);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          <p className="submission-meta">
            Uploaded <time dateTime={submission.uploaded_at}>{formatConferenceTime(submission.uploaded_at)}</time>
            {' · '}
            {formatFileSize(submission.size_bytes)}
          </p>
          <GuidelineCheck submission={submission} />
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
        <p className="submission-words">
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
