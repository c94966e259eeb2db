/**
 * Site-wide constants the frame needs before (or without) the content the
 * server serves at /api/content/site, which has the footer's location and
 * e-mail, the home page and the editions of the nav.
 * Plain TypeScript with no imports, so Node (Playwright) can import it too.
 */
export const SOCIETY_NAME = 'Undergraduate Linguistics Society';

/** The footer's copyright year (spec, section 9) while the content loads. */
export const FOOTER = {
  copyrightYear: 2025,
} as const;

/** The current conference edition, which the banner and nav point to. */
export const CURRENT_CONFERENCE = {
  name: 'SCULC 2025',
  path: '/sculc-2025',
  /**
   * Countdown target: 17 May 2025 09:30 "PST". The spec says PST literally,
   * i.e. UTC-8 (in May, Pacific time would really be PDT, UTC-7).
   */
  countdownTarget: new Date('2025-05-17T17:30:00Z'),
} as const;

/** Editions listed in the nav's SCULC dropdown, newest first, until the content says which. */
export const SCULC_EDITIONS = [
  { label: 'SCULC 2025', path: '/sculc-2025' },
  { label: 'SCULC 2024', path: '/sculc-2024' },
  { label: 'SCULC 2023', path: '/sculc-2023' },
  { label: 'SCULC 2022', path: '/sculc-2022' },
] as const;
