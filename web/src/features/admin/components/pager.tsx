import { Link } from 'react-router';

interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  /** The link to another page (the query with only the page changed). */
  hrefOf: (page: number) => string;
  /** What is counted, plural: 'users', 'entries'. */
  noun: string;
}

/** "Showing 51–100 of 1,234 users" with links to the previous and next pages. */
export function Pager({ page, perPage, total, hrefOf, noun }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  const number = new Intl.NumberFormat('en-US');

  return (
    <nav className="admin-pager" aria-label="Pages">
      <p className="pager-summary">
        {total === 0
          ? `No ${noun}`
          : `Showing ${number.format(first)}–${number.format(last)} of ${number.format(total)} ${noun}`}
        {pages > 1 && ` · page ${number.format(page)} of ${number.format(pages)}`}
      </p>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefOf(Math.min(page - 1, pages))} className="button button-secondary" rel="prev">
              Previous
            </Link>
          ) : (
            <span className="button button-secondary is-disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        <li>
          {page < pages ? (
            <Link to={hrefOf(page + 1)} className="button button-secondary" rel="next">
              Next
            </Link>
          ) : (
            <span className="button button-secondary is-disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
