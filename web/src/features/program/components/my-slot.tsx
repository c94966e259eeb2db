import { formatSlotTime } from '../../../lib/format';
import { useMySlots } from '../api/get-my-slots';

/** A presenter's places in the published program, on their congratulations page (nothing before publishing). */
export function MySlot() {
  const slots = useMySlots();
  if (!slots.data || slots.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="my-slot">
      <h2 id="my-slot">Your slot in the program</h2>
      <ul>
        {slots.data.map((slot) => (
          <li key={`${slot.code}-${slot.session.kind}`}>
            <strong>{slot.title}</strong> ({slot.code}): {slot.session.kind === 'posters' ? 'poster session' : 'talk'} in “
            {slot.session.title}”, {formatSlotTime(slot.starts_at, slot.ends_at)}
            {slot.session.room && `, ${slot.session.room}`}.{' '}
            <a href={slot.calendar_url} download>
              Add to calendar<span className="visually-hidden">: {slot.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
