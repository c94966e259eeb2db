import { useState } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { formatFileSize } from '../../../lib/format-size';
import { NeedsNote, type Notice } from '../../admin';
import { CONFIRM_BY_PASSED, useDecideSubmission } from '../api/decide-submission';
import { useDeleteSubmission } from '../api/delete-submission';
import { useUserSubmissions } from '../api/get-user-submissions';
import type { AdminSubmission, AdminUser, Decision } from '../api/types';
import { displayName } from './display-name';
import { statusLabels } from './status-label';

const MINUTE_MS = 60_000;
/** How far the offered extension of a passed confirm-by deadline reaches. */
const EXTENSION_MS = 7 * 24 * 60 * MINUTE_MS;

/** A week from now, to the minute (RFC 3339). */
function extendedDeadline(): string {
  return new Date(Math.ceil((Date.now() + EXTENSION_MS) / MINUTE_MS) * MINUTE_MS).toISOString();
}

interface UserSubmissionsProps {
  user: AdminUser;
  /** Only the current edition's submissions can be decided; undefined while unknown. */
  currentYear: number | undefined;
}

const decisionDone: Readonly<Record<Decision, string>> = {
  accepted: 'Accepted: the author was sent the acceptance e-mail.',
  rejected: 'Rejected: the author was sent the rejection e-mail.',
  submitted: 'Decision undone.',
};

interface DecisionQuestion {
  title: string;
  confirmLabel: string;
  message: (file: string, author: string) => string;
}

const decisionQuestion: Readonly<Partial<Record<Decision, DecisionQuestion>>> = {
  accepted: {
    title: 'Accept submission',
    confirmLabel: 'Accept',
    message: (file, author) => `Accept “${file}” by ${author}? The acceptance e-mail goes to them at once.`,
  },
  rejected: {
    title: 'Reject submission',
    confirmLabel: 'Reject',
    message: (file, author) => `Reject “${file}” by ${author}? The rejection e-mail goes to them at once.`,
  },
};

/** All of one user's submissions, in every edition, with the decisions on them. */
export function UserSubmissions({ user, currentYear }: UserSubmissionsProps) {
  const submissions = useUserSubmissions(user.id);
  const decide = useDecideSubmission();
  const remove = useDeleteSubmission();
  const [notice, setNotice] = useState<Notice>();
  const confirm = useConfirm();
  const busy = decide.isPending || remove.isPending;
  const name = displayName(user);

  const handleDecision = async (submission: AdminSubmission, decision: Decision) => {
    // The author is e-mailed at once and an e-mail cannot be called back, so
    // a stray click must not send one; undoing sends nothing.
    const question = decisionQuestion[decision];
    if (question) {
      const sure = await confirm({
        title: question.title,
        message: question.message(submission.title, name),
        confirmLabel: question.confirmLabel,
      });
      if (!sure) return;
    }
    setNotice(undefined);
    try {
      await decide.mutateAsync({ submissionId: submission.id, decision });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === CONFIRM_BY_PASSED)) {
        setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the decision. Please try again.' });
        return;
      }
      // Accepted now, the presenter could no longer confirm: offer a week
      // more, or accepting anyway, or nothing.
      const until = extendedDeadline();
      const extend = await confirm({
        title: 'Extend the deadline to confirm?',
        message: `${error.message} Move it to ${formatConferenceTime(until)} and accept “${submission.title}”?`,
        confirmLabel: 'Extend and accept',
        cancelLabel: 'Not now',
      });
      const anyway =
        !extend &&
        (await confirm({
          title: 'Accept without extending?',
          message: `${name} will not be able to confirm their attendance on the site. Accept “${submission.title}” all the same?`,
          confirmLabel: 'Accept anyway',
        }));
      if (!extend && !anyway) return;
      const choice = extend ? { extendConfirmByTo: until } : { askIfConfirmByPassed: false };
      try {
        await decide.mutateAsync({ submissionId: submission.id, decision, ...choice });
      } catch (refusal) {
        setNotice({ tone: 'error', text: refusalMessage(refusal) ?? 'Failed to save the decision. Please try again.' });
        return;
      }
    }
    setNotice({ tone: 'success', text: `“${submission.title}”: ${decisionDone[decision]}` });
  };

  const handleDelete = async (submission: AdminSubmission) => {
    const sure = await confirm({
      title: 'Delete submission',
      message: `Delete “${submission.title}” by ${name}? This cannot be undone.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!sure) return;
    setNotice(undefined);
    try {
      await remove.mutateAsync(submission.id);
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to delete the submission. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `“${submission.title}” was deleted.` });
  };

  if (submissions.isPending) return <PageLoading label={`Loading the submissions of ${name}…`} />;
  if (submissions.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(submissions.error) ?? 'Failed to load the submissions. Please try again.'}
      </FormMessage>
    );
  }

  return (
    <div className="users-submissions">
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {submissions.data.length === 0 ? (
        <p>{name} has no submissions.</p>
      ) : (
        <ul className="users-submission-list" aria-label={`Submissions of ${name}`}>
          {submissions.data.map((submission) => {
            const decidable =
              submission.status !== 'withdrawn' && (currentYear === undefined || submission.edition_year === currentYear);
            const decided = submission.status === 'accepted' || submission.status === 'rejected';
            return (
              <li key={submission.id} className="users-submission">
                <a href={submission.file_url} target="_blank" rel="noopener noreferrer" className="users-submission-file">
                  {submission.title}{' '}
                  <span className="visually-hidden">(opens in a new tab)</span>
                </a>
                <p className="users-submission-meta">
                  {submission.code} · File {submission.original_name} · SCULC {submission.edition_year} · Uploaded {formatConferenceTime(submission.uploaded_at)} ·{' '}
                  {formatFileSize(submission.size_bytes)} ·{' '}
                  {submission.word_count === null ? 'word count unknown' : `${submission.word_count} words`}
                </p>
                <p className="users-submission-status">
                  Status: <strong>{statusLabels[submission.status]}</strong>
                </p>
                <NeedsNote needs={submission.needs} />
                {submission.warnings.length > 0 && (
                  <ul className="submission-warnings" aria-label="Guideline warnings">
                    {submission.warnings.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                )}
                <div
                  className="button-row users-submission-actions"
                  role="group"
                  aria-label={`Actions on “${submission.title}”`}
                >
                  {decidable && (
                    <>
                      <Button
                        disabled={busy || submission.status === 'accepted'}
                        onClick={() => void handleDecision(submission, 'accepted')}
                      >
                        Accept
                      </Button>
                      <Button variant="secondary"
                        disabled={busy || submission.status === 'rejected'}
                        onClick={() => void handleDecision(submission, 'rejected')}
                      >
                        Reject
                      </Button>
                      {decided && (
                        <Button variant="secondary"
                          disabled={busy}
                          onClick={() => void handleDecision(submission, 'submitted')}
                        >
                          Undo
                        </Button>
                      )}
                    </>
                  )}
                  <Button variant="danger"
                    disabled={busy}
                    onClick={() => void handleDelete(submission)}
                  >
                    Delete
                  </Button>
                </div>
                {!decidable && submission.status !== 'withdrawn' && (
                  <p className="field-hint">Decisions can be made on the current edition’s submissions only.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
