import type { MySlot } from '../api/types';
import { formatSlotTime } from '../lib/format-clock';

/**
 * Where and when a presenter's talk or poster is, and its calendar file:
 * “Morning talks”, Saturday, May 17, 9:30 AM – 9:50 AM PDT, Hall A. Add to
 * calendar. Shown on the presenter's page and on their home.
 */
export function SlotPlace({ slot }: { slot: MySlot }) {
  return (
    <>
      “{slot.session.title}”, {formatSlotTime(slot.starts_at, slot.ends_at)}
      {slot.session.room && `, ${slot.session.room}`}.{' '}
      <a href={slot.calendar_url} download>
        Add to calendar<span className="visually-hidden">: {slot.title}</span>
      </a>
    </>
  );
}
