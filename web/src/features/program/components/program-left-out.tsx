import type { LeftOutItem } from '../api/program';

/** The placed presentations publishing leaves out, and why (the presenter declined or withdrew). */
export function LeftOutList({ items }: { items: LeftOutItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="program-left-out">
      <h3>Left out when publishing</h3>
      <p>These presentations are placed but are not published: take them out of their sessions.</p>
      <ul>
        {items.map((item) => (
          <li key={`${item.submission_id}-${item.session_title}`}>
            <span className="program-code">{item.code}</span> “{item.title}” in {item.session_title}: {item.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
