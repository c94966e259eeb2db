import { Button } from '../../../components/button';
import type { QueueReport } from '../offline-queue';

/** What the desk says while check-ins wait for the network. */
export function savedMessage(waiting: number): string {
  return `Saved — will be sent when the connection is back (${String(waiting)} waiting).`;
}

function plural(count: number, one: string, many: string) {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/**
 * Check-ins waiting for the network, and what became of those sent once it
 * came back: how many went through, and each one someone else had checked
 * in meanwhile or that the server refused.
 */
export function QueueStatus({
  waiting,
  report,
  onDismiss,
}: {
  waiting: number;
  report: QueueReport | null;
  onDismiss: () => void;
}) {
  if (waiting === 0 && !report) return null;
  const problems = report ? report.conflicts.length + report.refused.length : 0;
  return (
    <section className="check-in-queue" aria-labelledby="check-in-queue-title">
      <h2 id="check-in-queue-title">Saved while offline</h2>
      {waiting > 0 && (
        <p>
          {plural(waiting, 'check-in waits', 'check-ins wait')} for the connection, to be sent in the order made. Keep
          this page open, or open the desk again later: they stay on this phone until sent.
        </p>
      )}
      {report && (
        <div role="status">
          <p>
            Sent after the connection came back: {plural(report.checkedIn.length, 'check-in', 'check-ins')}
            {problems > 0 ? `, ${plural(problems, 'needs', 'need')} a look:` : '.'}
          </p>
          {problems > 0 && (
            <ul className="check-in-queue-problems">
              {report.conflicts.map((conflict) => (
                <li key={conflict.person.registration_id}>
                  {conflict.person.first_name} {conflict.person.last_name}: {conflict.message}
                </li>
              ))}
              {report.refused.map(({ entry, message }) => (
                <li key={entry.id}>{entry.kind === 'name' ? `${entry.name}: ${message}` : message}</li>
              ))}
            </ul>
          )}
          <Button variant="quiet" onClick={onDismiss}>
            Clear this list
          </Button>
        </div>
      )}
    </section>
  );
}
