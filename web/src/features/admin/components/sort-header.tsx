import type { SortColumn, SortState } from '../user-table-query';

interface SortHeaderProps {
  column: SortColumn;
  label: string;
  sort: SortState;
  onSort: (column: SortColumn) => void;
}

/** A column header that sorts the table; aria-sort says how it is sorted now. */
export function SortHeader({ column, label, sort, onSort }: SortHeaderProps) {
  const active = sort.sort === column;
  const direction = sort.dir === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" aria-sort={active ? direction : undefined}>
      <button
        type="button"
        className="sort-button"
        onClick={() => {
          onSort(column);
        }}
      >
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
