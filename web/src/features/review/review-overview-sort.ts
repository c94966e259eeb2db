/**
 * The review overview's order. The server answers by code; the admin sorts
 * in the browser (every submission of the edition is on the page), most
 * often by mean to see where a cut-off falls.
 */
import type { SortDirection } from '../../lib/table-sort';
import type { ReviewOverviewRow } from './api/review-types';

export const REVIEW_COLUMNS = [
  { key: 'code', label: 'Code' },
  { key: 'title', label: 'Title' },
  { key: 'author', label: 'Author' },
  { key: 'done', label: 'Reviews' },
  { key: 'mean', label: 'Mean' },
] as const;

export type ReviewColumn = (typeof REVIEW_COLUMNS)[number]['key'];

export interface ReviewSort {
  sort: ReviewColumn;
  dir: SortDirection;
}

export const DEFAULT_REVIEW_SORT: ReviewSort = { sort: 'code', dir: 'asc' };

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Compares two present values of a column, ascending. */
function compare(column: ReviewColumn, a: ReviewOverviewRow, b: ReviewOverviewRow): number {
  switch (column) {
    case 'code':
      return text.compare(a.code, b.code);
    case 'title':
      return text.compare(a.title, b.title);
    case 'author':
      return text.compare(a.author, b.author);
    case 'done':
      // Share done first, then how many: 2 of 2 after 1 of 2.
      return a.submitted / Math.max(a.assigned, 1) - b.submitted / Math.max(b.assigned, 1) || a.submitted - b.submitted;
    case 'mean':
      return (a.mean ?? 0) - (b.mean ?? 0);
  }
}

/**
 * The rows in the chosen order. Submissions without a mean (no submitted
 * review) come last in either direction: they have no place on the scale.
 * Ties keep the code order, so the order is the same on every render.
 */
export function sortOverview(rows: readonly ReviewOverviewRow[], { sort, dir }: ReviewSort): ReviewOverviewRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort === 'mean' && (a.mean === null) !== (b.mean === null)) return a.mean === null ? 1 : -1;
    return sign * compare(sort, a, b) || text.compare(a.code, b.code);
  });
}

/** A mean as shown: two decimals, or a dash for none. */
export function formatMean(mean: number | null): string {
  return mean === null ? '—' : mean.toFixed(2);
}
