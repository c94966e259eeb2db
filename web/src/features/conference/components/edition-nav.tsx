import { NavLink } from 'react-router';

import type { EditionPage } from '../../../lib/content-types';
import { editionPath } from '../edition-path';

/** Sub-navigation between the pages of an edition (Home, Programs, Schedule…), from its data. */
export function EditionNav({ edition }: { edition: EditionPage }) {
  return (
    <nav className="sub-nav" aria-label={edition.title}>
      <ul>
        {edition.pages.map(({ slug, nav_label }) => (
          <li key={slug}>
            <NavLink to={editionPath(edition.year, slug)} end>
              {nav_label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
