import type { DeskCounts } from '../../../api/types';

/** The event's numbers as the desk last heard them, asked again every few seconds. */
export function CountsPanel({ counts, stale }: { counts: DeskCounts; stale: boolean }) {
  const rows: [string, number][] = [
    ['Checked in', counts.checked_in],
    ['Registered', counts.registered],
    ['In person', counts.in_person],
    ['Virtual', counts.virtual],
    ['Waiting list', counts.waiting],
    ['Lunches', counts.lunches],
    ['Dietary needs', counts.dietary],
    ['Access needs', counts.access],
  ];
  return (
    <section className="check-in-counts" aria-labelledby="check-in-counts-title">
      <h2 id="check-in-counts-title">Counts</h2>
      {stale && <p className="check-in-counts-stale">Offline: these are the last counts the desk heard.</p>}
      <dl className="check-in-counts-list">
        {rows.map(([label, value]) => (
          <div key={label} className="check-in-count">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
