import { useState } from 'react';
import { Link } from 'react-router';

import { DataTable } from '../../../components/data-table';

import { nextSort } from '../../../lib/table-sort';
import { SortHeader } from '../../admin';
import { EDITION_PARAM } from '../../editions';
import { statusLabels } from '../../users';
import type { ReviewOverview } from '../api/review-types';
import {
  DEFAULT_REVIEW_SORT,
  formatMean,
  REVIEW_COLUMNS,
  sortOverview,
  type ReviewColumn,
  type ReviewSort,
} from '../review-overview-sort';
import { RECOMMENDATION_LABELS, RECOMMENDATION_ORDER, submissionReviewsPath } from './review-labels';

interface ReviewOverviewTableProps {
  overview: ReviewOverview;
}

/**
 * Every submission of the edition with its reviews' figures: done of
 * assigned, the weighted mean, each criterion's mean and spread (max − min),
 * the recommendations and the anonymity flag. Sorted in the browser.
 */
export function ReviewOverviewTable({ overview }: ReviewOverviewTableProps) {
  const [sort, setSort] = useState<ReviewSort>(DEFAULT_REVIEW_SORT);
  const rows = sortOverview(overview.submissions, sort);
  const sortedBy = REVIEW_COLUMNS.find(({ key }) => key === sort.sort)?.label ?? '';
  const onSort = (column: ReviewColumn) => {
    setSort((current) => nextSort(current, column));
  };
  const columnCount = REVIEW_COLUMNS.length + overview.criteria.length + 3;

  return (
    <DataTable
      caption={`Submissions of SCULC ${overview.edition_year}, sorted by ${sortedBy}, ${sort.dir === 'asc' ? 'ascending' : 'descending'}`}
      className="review-table"
    >
      <thead>
        <tr>
          {REVIEW_COLUMNS.map(({ key, label }) => (
            <SortHeader key={key} column={key} label={label} sort={sort} onSort={onSort} />
          ))}
          {overview.criteria.map((criterion) => (
            <th key={criterion.id} scope="col">
              {criterion.name}
              {criterion.weight !== 1 && (
                <>
                  {' '}
                  <span className="review-criterion-weight">×{criterion.weight}</span>
                </>
              )}
            </th>
          ))}
          <th scope="col">Recommendations</th>
          <th scope="col">Status</th>
          <th scope="col">Flag</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columnCount}>No submissions in this edition yet.</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.submission_id}>
            <th scope="row">
              <Link to={`${submissionReviewsPath(row.submission_id)}?${EDITION_PARAM}=${String(overview.edition_year)}`}>
                {row.code} <span className="visually-hidden">reviews</span>
              </Link>
            </th>
            <td>{row.title}</td>
            <td>{row.author}</td>
            <td className="review-numeric">
              {row.submitted} of {row.assigned}
              {row.abstained > 0 && <span className="review-muted"> ({row.abstained} abstained)</span>}
            </td>
            <td className="review-numeric">{formatMean(row.mean)}</td>
            {overview.criteria.map((criterion) => {
              const figures = row.criteria.find(({ criterion_id }) => criterion_id === criterion.id);
              return (
                <td key={criterion.id} className="review-numeric">
                  {formatMean(figures?.mean ?? null)}
                  {figures?.spread != null && (
                    <span className="review-muted">
                      {' '}
                      <span aria-hidden="true">±</span>
                      <span className="visually-hidden">spread</span> {figures.spread}
                    </span>
                  )}
                </td>
              );
            })}
            <td>
              {RECOMMENDATION_ORDER.filter((value) => row.recommendations[value] > 0)
                .map((value) => `${RECOMMENDATION_LABELS[value]} ${row.recommendations[value]}`)
                .join(', ') || '—'}
            </td>
            <td>{statusLabels[row.status]}</td>
            <td>{row.flagged ? 'May name the author' : ''}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
