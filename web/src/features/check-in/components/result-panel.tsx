import { Button } from '../../../components/button';
import type { CheckInPerson } from '../../../api/types';
import type { DeskOutcome } from '../use-desk';
import { savedMessage } from './queue-status';

/** "In person, lunch, no needs written" as the door needs it, one fact a line. */
export function PersonFacts({ person }: { person: CheckInPerson }) {
  return (
    <ul className="check-in-facts">
      <li>{person.mode === 'in_person' ? 'In person' : 'Virtual'}</li>
      <li>{person.lunch ? 'Lunch: yes' : 'Lunch: no'}</li>
      {person.dietary && <li>Dietary needs: {person.dietary}</li>}
      {person.access && <li>Access needs: {person.access}</li>}
      {person.checked_in_at && person.outside_window && (
        <li>Checked in outside the check-in window, by an admin’s decision: no certificate of attendance.</li>
      )}
    </ul>
  );
}

const HEADLINES = {
  checked_in: { mark: '✓', text: 'Checked in', tone: 'is-good' },
  already_checked_in: { mark: '!', text: 'Already checked in', tone: 'is-warning' },
  undone: { mark: '↺', text: 'Check-in undone', tone: 'is-neutral' },
  refused: { mark: '✕', text: 'Not checked in', tone: 'is-bad' },
  queued: { mark: '…', text: 'Saved', tone: 'is-neutral' },
} as const;

/**
 * The last action's result at a glance: a large panel, green, amber or red,
 * with a word and a mark as well as the colour, in a live region that
 * announces each new result.
 */
export function ResultPanel({
  outcome,
  busy,
  mayOverride,
  onUndo,
}: {
  outcome: DeskOutcome | null;
  busy: boolean;
  /** Whether the one at the desk may check someone in outside the check-in window (admins). */
  mayOverride: boolean;
  onUndo: (person: CheckInPerson) => void;
}) {
  const key = outcome?.kind === 'result' ? outcome.result.outcome : (outcome?.kind ?? null);
  const headline = key ? HEADLINES[key] : null;
  return (
    <div className="check-in-result-region" role="status" aria-live="polite" aria-atomic="true">
      {outcome && headline && (
        <div className={`check-in-result ${headline.tone}`}>
          <p className="check-in-result-headline">
            <span className="check-in-result-mark" aria-hidden="true">
              {headline.mark}
            </span>{' '}
            {headline.text}
          </p>
          {outcome.kind === 'result' && (
            <>
              <p className="check-in-result-name">
                {outcome.result.person.first_name} {outcome.result.person.last_name}
              </p>
              {outcome.result.outcome !== 'checked_in' && outcome.result.message && <p>{outcome.result.message}</p>}
              <PersonFacts person={outcome.result.person} />
              {outcome.result.outcome === 'checked_in' && (
                <p className="button-row">
                  <Button variant="secondary" disabled={busy} onClick={() => { onUndo(outcome.result.person); }}>
                    Undo this check-in
                  </Button>
                </p>
              )}
            </>
          )}
          {outcome.kind === 'refused' && <p>{outcome.message}</p>}
          {outcome.kind === 'refused' && outcome.outsideWindow && mayOverride && (
            <p className="button-row">
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  void outcome.outsideWindow?.();
                }}
              >
                Check in anyway (admin; logged)
              </Button>
            </p>
          )}
          {outcome.kind === 'refused' && outcome.outsideWindow && !mayOverride && (
            <p>Only an admin can check someone in outside the check-in window.</p>
          )}
          {outcome.kind === 'queued' && (
            <>
              {outcome.name && <p className="check-in-result-name">{outcome.name}</p>}
              <p>{savedMessage(outcome.waiting)}</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
