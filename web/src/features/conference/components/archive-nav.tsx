import { NavLink } from 'react-router';

import { archiveNavigation, routes, type ArchiveYear } from '../../../config/routes';

/** Sub-navigation between the pages of a past edition's archive. */
export function ArchiveNav({ year }: { year: ArchiveYear }) {
  return (
    <nav className="archive-nav" aria-label={`SCULC ${year}`}>
      <ul>
        {archiveNavigation[year].map(({ label, id }) => (
          <li key={id}>
            <NavLink to={routes[id].path} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
