import { describe, expect, it } from 'vitest';

import { nextSort } from '../../lib/table-sort';
import type { ReviewOverviewRow } from './api/review-types';
import { formatMean, sortOverview } from './review-overview-sort';

function row(code: string, mean: number | null, fields: Partial<ReviewOverviewRow> = {}): ReviewOverviewRow {
  return {
    submission_id: `id-${code}`,
    code,
    title: `Title ${code}`,
    author: 'Ada Lovelace',
    status: 'submitted',
    assigned: 2,
    submitted: mean === null ? 0 : 2,
    abstained: 0,
    mean,
    criteria: [],
    recommendations: { accept: 0, weak_accept: 0, weak_reject: 0, reject: 0 },
    flagged: false,
    ...fields,
  };
}

const rows = [row('S25-003', 3.5), row('S25-001', null), row('S25-010', 4.25), row('S25-002', 3.5)];
const codes = (sorted: ReviewOverviewRow[]) => sorted.map(({ code }) => code);

describe('the review overview order', () => {
  it('sorts by mean both ways, ties by code, unreviewed last either way', () => {
    expect(codes(sortOverview(rows, { sort: 'mean', dir: 'asc' }))).toEqual([
      'S25-002',
      'S25-003',
      'S25-010',
      'S25-001',
    ]);
    expect(codes(sortOverview(rows, { sort: 'mean', dir: 'desc' }))).toEqual([
      'S25-010',
      'S25-002',
      'S25-003',
      'S25-001',
    ]);
  });

  it('sorts codes as numbers and text without regard to case', () => {
    expect(codes(sortOverview(rows, { sort: 'code', dir: 'desc' }))).toEqual([
      'S25-010',
      'S25-003',
      'S25-002',
      'S25-001',
    ]);
    const titled = [row('S25-001', 1, { title: 'zebra' }), row('S25-002', 1, { title: 'Apple' })];
    expect(codes(sortOverview(titled, { sort: 'title', dir: 'asc' }))).toEqual(['S25-002', 'S25-001']);
  });

  it('sorts by the share of reviews done', () => {
    const done = [
      row('S25-001', 3, { assigned: 2, submitted: 2 }),
      row('S25-002', 3, { assigned: 3, submitted: 1 }),
      row('S25-003', null, { assigned: 0, submitted: 0 }),
    ];
    expect(codes(sortOverview(done, { sort: 'done', dir: 'asc' }))).toEqual(['S25-003', 'S25-002', 'S25-001']);
  });

  it('a header click: a new column ascending, the same one again descending', () => {
    const once = nextSort({ sort: 'code', dir: 'asc' }, 'mean');
    expect(once).toEqual({ sort: 'mean', dir: 'asc' });
    expect(nextSort(once, 'mean')).toEqual({ sort: 'mean', dir: 'desc' });
  });

  it('shows means with two decimals, a dash for none', () => {
    expect(formatMean(3.666)).toBe('3.67');
    expect(formatMean(null)).toBe('—');
  });
});
