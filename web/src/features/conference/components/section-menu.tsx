import { Link } from 'react-router';

import type { Section } from '../../../lib/content-types';
import './conference.css';

/**
 * The side menu of a long page: a link to each section that has a menu
 * label. Following one scrolls to the section and moves focus to its
 * heading (useSectionTarget), so the next Tab continues from there.
 */
export function SectionMenu({ sections }: { sections: readonly Section[] }) {
  const listed = sections.filter((section) => section.menu_label);
  if (listed.length === 0) return null;
  return (
    <nav className="conference-section-menu" aria-label="On this page">
      <ul>
        {listed.map((section) => (
          <li key={section.id}>
            <Link to={{ hash: section.id }}>{section.menu_label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
