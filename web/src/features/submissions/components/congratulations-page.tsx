import { useId } from 'react';

import type { Edition, Submission } from '../../../api/types';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { messages } from '../../../config/messages';
import { routes } from '../../../config/routes';
import { formatConferenceTime } from '../../../lib/format';
import { MySlot } from '../../program';
import { useCurrentEdition } from '../api/get-current-edition';
import { useSubmissions } from '../api/get-submissions';
import { AttendanceCard } from './attendance-card';
import { SubmissionList } from './submission-list';

/** A deadline in conference time, e.g. "April 15, 2025, 11:59 PM PDT". */
function Deadline({ time }: { time: string }) {
  return (
    <strong>
      <time dateTime={time}>{formatConferenceTime(time)}</time>
    </strong>
  );
}

function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** The presenter's next steps, with the edition's deadlines, form and contact address. */
function NextSteps({ edition, accepted }: { edition: Edition; accepted: Submission[] }) {
  const confirmId = useId();
  const talkId = useId();
  const materialsId = useId();
  const { confirm_attendance_by: confirmBy, final_materials_by: materialsBy, attendance_in_app: inApp } = edition;
  // A presentation whose answer is closed says on its card whom to ask for
  // more time; the page does not say it a second time.
  const cardAsksForTime = inApp && accepted.some((submission) => !submission.attendance_open);

  return (
    <>
      <p className="lead">
        Your abstract has been accepted for SCULC {edition.year}. We look forward to your presentation!
      </p>

      <section className="card" aria-labelledby={confirmId}>
        <h2 id={confirmId}>Attendance</h2>
        <p>
          Please confirm your attendance
          {confirmBy && (
            <>
              {' '}
              by <Deadline time={confirmBy} />
            </>
          )}{' '}
          {inApp ? 'below, on this page.' : 'through the confirmation form.'}
        </p>
        {inApp ? (
          accepted.map((submission) => <AttendanceCard key={submission.id} submission={submission} edition={edition} />)
        ) : edition.confirmation_form_url ? (
          <p>
            <a className="button" href={edition.confirmation_form_url} target="_blank" rel="noopener noreferrer">
              Confirm Your Attendance{' '}
              <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p>The confirmation form is not available yet.</p>
        )}
        {!cardAsksForTime && (
          <p>
            If you need more time to seek funding for your trip, e-mail us at{' '}
            <MailLink address={edition.contact_email} />.
          </p>
        )}
      </section>

      <section className="card" aria-labelledby={talkId}>
        <h2 id={talkId}>Your Presentation</h2>
        <ul>
          <li>Each talk is 15 minutes long, followed by 5 minutes of Q&amp;A.</li>
          <li>You may be placed in a presentation session, a poster session or both.</li>
          <li>If you cannot attend in person, you may present virtually over a video call.</li>
        </ul>
      </section>

      <section className="card" aria-labelledby={materialsId}>
        <h2 id={materialsId}>Final Materials</h2>
        {inApp ? (
          <p>
            Please upload your final materials (slides or poster) with your confirmed presentation above
            {materialsBy && (
              <>
                {' '}
                by <Deadline time={materialsBy} />
              </>
            )}
            .
          </p>
        ) : (
          <p>
            Please e-mail your final materials (slides or poster) to <MailLink address={edition.contact_email} />
            {materialsBy && (
              <>
                {' '}
                by <Deadline time={materialsBy} />
              </>
            )}
            .
          </p>
        )}
      </section>
    </>
  );
}

export function CongratulationsPage() {
  const edition = useCurrentEdition();
  const submissions = useSubmissions();
  const submissionsId = useId();

  return (
    <Page title={routes.congratulations.title} className="narrow">
      {edition.isPending && <PageLoading label="Loading the conference details…" />}
      {edition.isError && <FormMessage tone="error">{messages.editionLoadFailed}</FormMessage>}
      {edition.isSuccess && (
        <NextSteps
          edition={edition.data}
          accepted={(submissions.data ?? []).filter((submission) => submission.status === 'accepted')}
        />
      )}
      <MySlot />

      <section aria-labelledby={submissionsId}>
        <h2 id={submissionsId} className="section-heading">
          Your Submissions
        </h2>
        {submissions.isPending && <PageLoading label="Loading your submissions…" />}
        {submissions.isError && <FormMessage tone="error">{messages.submissionsLoadFailed}</FormMessage>}
        {submissions.isSuccess &&
          (submissions.data.length > 0 ? (
            <SubmissionList submissions={submissions.data} />
          ) : (
            <p>{messages.noSubmissionsFound}</p>
          ))}
      </section>
    </Page>
  );
}
