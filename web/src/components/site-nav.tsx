import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import type { SessionUser } from '../api/types';
import { paths } from '../config/routes';
import { SOCIETY_NAME } from '../config/site';
import { SculcMenu } from './sculc-menu';

interface SiteNavProps {
  /** The signed-in user, null for a visitor, undefined while not yet known. */
  user: SessionUser | null | undefined;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link is-active' : 'nav-link');

/**
 * The main navigation. Under 768 px the links collapse behind a "Menu"
 * button (see global.css); at wider widths they are always shown.
 * Hiding User Data from non-admins (Review from non-reviewers, Check-in
 * from all but check-in volunteers and admins) is cosmetic: the server
 * enforces it.
 */
export function SiteNav({ user }: SiteNavProps) {
  const location = useLocation();
  // Open "for" one location, so the menu closes on navigation.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const menuId = useId();

  return (
    <header className="site-header">
      <nav className="container site-nav" aria-label="Main">
        <Link to={paths.home} className="brand">
          <span className="brand-mark" aria-hidden="true">
            ULS
          </span>
          <span className="brand-name">{SOCIETY_NAME}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => {
            setOpenAt(menuOpen ? null : location.key);
          }}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <ul id={menuId} className={menuOpen ? 'nav-list is-open' : 'nav-list'}>
          <li className="nav-item">
            <NavLink to={paths.home} end className={linkClass}>
              Home
            </NavLink>
          </li>
          <SculcMenu />
          <li className="nav-item">
            <NavLink to={paths.naclo} className={linkClass}>
              NACLO
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.board} className={linkClass}>
              Our Board
            </NavLink>
          </li>
          {user === null && (
            <li className="nav-item">
              <NavLink to={paths.login} className={linkClass}>
                Login
              </NavLink>
            </li>
          )}
          {user && (
            <li className="nav-item">
              <NavLink to={paths.profile} className={linkClass}>
                Profile
              </NavLink>
            </li>
          )}
          {user?.roles.includes('reviewer') && (
            <li className="nav-item">
              <NavLink to={paths.review} className={linkClass}>
                Review
              </NavLink>
            </li>
          )}
          {user?.roles.includes('admin') && (
            <li className="nav-item">
              <NavLink to={paths.userData} className={linkClass}>
                User Data
              </NavLink>
            </li>
          )}
          {(user?.roles.includes('check_in') || user?.roles.includes('admin')) && (
            <li className="nav-item">
              <NavLink to={paths.checkIn} className={linkClass}>
                Check-in
              </NavLink>
            </li>
          )}
          {(user?.roles.includes('editor') || user?.roles.includes('admin')) && (
            <li className="nav-item">
              <NavLink to={paths.siteEditor} className={linkClass}>
                Site
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
