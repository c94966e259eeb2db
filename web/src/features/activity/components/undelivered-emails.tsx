import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { useOutbox } from '../api/get-outbox';
import { useRetryEmail } from '../api/retry-email';
import type { UndeliveredEmail } from '../api/types';

/**
 * E-mails whose delivery failed (the mail server refused them, or the disk
 * could not take them), on the activity page. Shown only when there are any.
 */
export function UndeliveredEmails() {
  const outbox = useOutbox();
  const retry = useRetryEmail();
  if (!outbox.data || outbox.data.undelivered.length === 0) return null;
  const { undelivered, given_up, retrying } = outbox.data;

  return (
    <section className="undelivered-emails" aria-labelledby="undelivered-emails-heading">
      <h2 id="undelivered-emails-heading">E-mails not delivered</h2>
      <p>
        {retrying} being retried, {given_up} given up.
      </p>
      {retry.isError && (
        <FormMessage tone="error">
          {refusalMessage(retry.error) ?? 'The e-mail could not be retried. Please try again.'}
        </FormMessage>
      )}
      <ul className="activity-log" aria-label="E-mails not delivered, most recently tried first">
        {undelivered.map((email) => (
          <li key={email.id} className="activity-entry">
            <p className="activity-summary">
              ‘{email.subject}’ to {email.recipient}
            </p>
            <p className="activity-meta">{attemptLine(email)}</p>
            <p className="activity-meta">{email.last_error}</p>
            <Button variant="secondary"
              disabled={retry.isPending}
              onClick={() => {
                retry.mutate(email.id);
              }}
              aria-label={`Retry the e-mail ‘${email.subject}’ to ${email.recipient}`}
            >
              Retry now
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function attemptLine(email: UndeliveredEmail): string {
  const tried = `Attempt ${email.attempts} of ${email.max_attempts} failed`;
  const last = email.last_attempt_at ? ` at ${formatConferenceTime(email.last_attempt_at)}` : '';
  if (email.given_up || !email.next_attempt_at) return `${tried}${last}; given up.`;
  return `${tried}${last}; next try at ${formatConferenceTime(email.next_attempt_at)}.`;
}
