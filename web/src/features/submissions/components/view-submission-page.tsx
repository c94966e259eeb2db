import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import type { Submission } from '../../../api/types';
import { useConfirm, useNotice } from '../../../components/confirm-dialog';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { readRedirectState } from '../../../lib/redirect-state';
import { useDeleteSubmission } from '../api/delete-submission';
import { useSubmissions } from '../api/get-submissions';
import { useWithdrawSubmission } from '../api/withdraw-submission';
import { EditDetailsForm } from './edit-details-form';
import { SubmissionList } from './submission-list';

export function ViewSubmissionPage() {
  const location = useLocation();
  const submissions = useSubmissions();
  const deletion = useDeleteSubmission();
  const withdrawal = useWithdrawSubmission();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const notice = useNotice();
  // 'Your abstract was uploaded successfully.' from the upload page, shown
  // once: the history entry forgets it, so a reload does not repeat it.
  const [passedMessage, setPassedMessage] = useState(() => readRedirectState(location.state).message);
  const [editingId, setEditingId] = useState<string | null>(null);
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const handleDelete = async (submission: Submission) => {
    const sure = await confirm({
      title: 'Delete submission',
      message: `Are you sure you want to delete “${submission.title}”?`,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await deletion.mutateAsync(submission.id);
    } catch (error) {
      // The server's reason when it gives one (decided meanwhile: the list,
      // read again, now offers Withdraw); the spec's message otherwise.
      await notice({ title: 'Submission not deleted', message: refusalMessage(error) ?? messages.deleteSubmissionFailed });
      return;
    }
    // The spec's alerts; then focus goes to the list's heading, since the
    // × button that had it is gone.
    await notice({ title: 'Submission deleted', message: messages.submissionDeleted });
    setPassedMessage(undefined);
    headingRef.current?.focus();
  };

  const handleWithdraw = async (submission: Submission) => {
    const sure = await confirm({
      title: 'Withdraw submission',
      message:
        `Withdraw “${submission.title}”? It will no longer be considered for the conference. ` +
        'The organizers keep it, marked as withdrawn; this cannot be undone.',
      confirmLabel: 'Withdraw',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await withdrawal.mutateAsync(submission.id);
    } catch (error) {
      await notice({
        title: 'Submission not withdrawn',
        message: refusalMessage(error) ?? messages.withdrawSubmissionFailed,
      });
      return;
    }
    await notice({ title: 'Submission withdrawn', message: messages.submissionWithdrawn });
    setPassedMessage(undefined);
    headingRef.current?.focus();
  };

  const busyId = deletion.isPending ? deletion.variables : withdrawal.isPending ? withdrawal.variables : null;
  const list = submissions.data ?? [];

  return (
    <Page title={routes.viewSubmission.title} className="narrow">
      {passedMessage && <FormMessage tone={toneOf(passedMessage)}>{passedMessage}</FormMessage>}
      {submissions.isPending && <PageLoading label="Loading your submissions…" />}
      {submissions.isError && <FormMessage tone="error">{messages.submissionsLoadFailed}</FormMessage>}
      {submissions.isSuccess && (
        <>
          {list.length > 0 && (
            <p>Your abstract is being processed. We will contact you about any updates.</p>
          )}
          <h2 ref={headingRef} tabIndex={-1} className="section-heading">
            Your Submissions
          </h2>
          {list.length > 0 ? (
            <SubmissionList
              submissions={list}
              busyId={busyId}
              onDelete={(submission) => void handleDelete(submission)}
              onWithdraw={(submission) => void handleWithdraw(submission)}
              onEdit={(submission) => {
                setEditingId(submission.id);
              }}
              editingId={editingId}
              editor={(submission) => (
                <EditDetailsForm
                  submission={submission}
                  onDone={(saved) => {
                    setEditingId(null);
                    if (saved) setPassedMessage('The details were saved successfully.');
                  }}
                />
              )}
            />
          ) : (
            <p>You have no submissions for this year&apos;s conference yet.</p>
          )}
        </>
      )}
      <div className="button-row">
        <Link to={paths.submitAbstract} className="button">
          {submissions.isSuccess && list.length === 0 ? 'Upload an Abstract' : 'Upload Another Abstract'}
        </Link>
      </div>
    </Page>
  );
}
