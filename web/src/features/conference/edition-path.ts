/**
 * Conference edition pages live at /sculc-{year} and /sculc-{year}-{slug}
 * (e.g. /sculc-2023-program). Any such path is resolved from the content
 * data, so a new edition needs no new route: only its data.
 */
const EDITION_PATH = /^\/sculc-(\d{4})(?:-([a-z]+))?\/?$/;

export interface EditionPath {
  year: number;
  /** '' for the edition's first page. */
  slug: string;
}

export function parseEditionPath(pathname: string): EditionPath | null {
  const match = EDITION_PATH.exec(pathname);
  if (!match) return null;
  return { year: Number(match[1]), slug: match[2] ?? '' };
}

export function editionPath(year: number, slug: string): string {
  return slug ? `/sculc-${String(year)}-${slug}` : `/sculc-${String(year)}`;
}
