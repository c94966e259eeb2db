import { NavLink } from 'react-router';

import { paths } from '../../../config/routes';

const links = [
  { label: 'Users', to: paths.userData },
  { label: 'Reviews', to: paths.userDataReviews },
  { label: 'Edition Settings', to: paths.userDataEditions },
  { label: 'E-mail Templates', to: paths.userDataTemplates },
  { label: 'Activity Log', to: paths.userDataActivity },
] as const;

/** The admin pages' own tabs, on each of them. */
export function AdminNav() {
  return (
    <nav className="sub-nav" aria-label="Admin">
      <ul>
        {links.map(({ label, to }) => (
          <li key={to}>
            {/* end: /user-data is not "current" on /user-data/editions. */}
            <NavLink to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
