import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * When the URL names a section (#program) — from the side menu, or a link
 * from elsewhere once the content has arrived — scroll to it and move focus
 * to its heading, as a screen reader user expects after following an
 * in-page link.
 */
export function useSectionTarget(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!section) return;
    section.scrollIntoView();
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    // `key` too: following the same link again scrolls there again.
  }, [ready, hash, key]);
}
