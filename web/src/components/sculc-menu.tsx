import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';

import { useSite } from '../lib/site-content';

/**
 * The nav's SCULC dropdown: a disclosure button and a list of the editions.
 *
 * Opens and closes with click, Enter or Space (it is a real <button>);
 * closes on Escape (focus returns to the button), on a click outside, when
 * focus moves elsewhere, and on navigation. The editions are the server's
 * (a new edition appears here with its data; the list is empty until the
 * data arrives).
 */
export function SculcMenu() {
  const location = useLocation();
  // Open "for" one location: navigating anywhere closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => {
    setOpenAt(null);
  };

  const listId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: Event) => {
      if (!(event.target instanceof Node) || !containerRef.current?.contains(event.target)) {
        setOpenAt(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !containerRef.current?.contains(next)) close();
  };

  const inSculc = location.pathname.startsWith('/sculc');
  const { data: site } = useSite();
  const editions = (site?.nav_editions ?? []).map((year) => ({
    label: `SCULC ${String(year)}`,
    path: `/sculc-${String(year)}`,
  }));

  return (
    // Key and focus events bubble up from the button and links inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li className="nav-item dropdown" ref={containerRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={inSculc ? 'nav-link dropdown-toggle is-active' : 'nav-link dropdown-toggle'}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={listId}
        onClick={() => {
          setOpenAt(open ? null : location.key);
        }}
      >
        SCULC <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="dropdown-list" hidden={!open}>
        {editions.map((edition) => (
          <li key={edition.path}>
            <NavLink className="dropdown-link" to={edition.path} onClick={close}>
              {edition.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
