import { SlotPlace } from '../../../components/slot-place';
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
            <strong>{slot.title}</strong> ({slot.code}): {slot.session.kind === 'posters' ? 'poster session' : 'talk'} in{' '}
            <SlotPlace slot={slot} />
          </li>
        ))}
      </ul>
    </section>
  );
}
