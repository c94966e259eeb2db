import type { EventView } from '../../../api/types';
import { formatConferenceTime } from '../../../lib/format';
import { formatConferenceClock } from '../../../lib/format-clock';

/** When: "May 16, 2026, 9:00 AM PDT to 5:30 PM", or only its start when its end is not known. */
export function eventWhen(event: Pick<EventView, 'starts_at' | 'facts'>): string {
  const starts = formatConferenceTime(event.starts_at);
  return event.facts.ends_at ? `${starts} to ${formatConferenceClock(event.facts.ends_at)}` : starts;
}

/**
 * When and where an event takes place, as the content announcing it says:
 * shown before anyone registers, and beside their registration after.
 */
export function EventFacts({ event }: { event: EventView }) {
  return (
    <dl className="conference-event-facts">
      <div>
        <dt>When</dt>
        <dd>{eventWhen(event)}</dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{event.facts.location || 'The place will be announced.'}</dd>
      </div>
    </dl>
  );
}
