/**
 * Site-wide constants the frame needs before (or without) the content the
 * server serves at /api/content/site, which has the footer's location and
 * e-mail, the home page, the editions of the nav and the current edition
 * (the banner's): those are data, so a new edition needs no code change.
 * Plain TypeScript with no imports, so Node (Playwright) can import it too.
 */
export const SOCIETY_NAME = 'Undergraduate Linguistics Society';
