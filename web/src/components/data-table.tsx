import { useId, type ReactNode } from 'react';

interface DataTableProps {
  /** The table's caption, which names its region too. */
  caption: ReactNode;
  /** The rows being refreshed: dimmed, and aria-busy. */
  busy?: boolean;
  /** The table's own class, for its columns' widths. */
  className?: string;
  /** <thead> and <tbody>. */
  children: ReactNode;
}

/**
 * A table of records (users, submissions and their scores). Its columns are
 * sized around whole words and it fits the site's column at 1280 px; on a
 * narrower screen it scrolls sideways inside its own region, which takes
 * focus so that keyboard users can scroll it too.
 */
export function DataTable({ caption, busy = false, className, children }: DataTableProps) {
  const captionId = useId();
  return (
    <div
      className={busy ? 'table-scroll is-busy' : 'table-scroll'}
      role="region"
      aria-labelledby={captionId}
      aria-busy={busy}
      // A focusable region, so that keyboard users can scroll it sideways.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
