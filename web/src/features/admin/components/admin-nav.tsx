import { NavLink } from 'react-router';

import { paths } from '../../../config/routes';

const links = [
  { label: 'Users', to: paths.userData, end: true },
  // Also current on a submission's reviews (/user-data/reviews/…).
  { label: 'Reviews', to: paths.userDataReviews, end: false },
  { label: 'Program', to: paths.userDataProgram, end: true },
  { label: 'Registration', to: paths.userDataRegistration, end: true },
  { label: 'Edition Settings', to: paths.userDataEditions, end: true },
  { label: 'E-mail Templates', to: paths.userDataTemplates, end: true },
  { label: 'Activity Log', to: paths.userDataActivity, end: true },
] as const;

/** The admin pages' own tabs, on each of them. */
export function AdminNav() {
  return (
    <nav className="sub-nav" aria-label="Admin">
      <ul>
        {links.map(({ label, to, end }) => (
          <li key={to}>
            {/* end: /user-data is not "current" on /user-data/editions. */}
            <NavLink to={to} end={end}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
