import type { SortDirection } from '../../../lib/table-sort';

interface SortHeaderProps<Column extends string> {
  column: Column;
  label: string;
  sort: { sort: Column; dir: SortDirection };
  onSort: (column: Column) => void;
}

/** A column header that sorts the table; aria-sort says how it is sorted now. */
export function SortHeader<Column extends string>({ column, label, sort, onSort }: SortHeaderProps<Column>) {
  const active = sort.sort === column;
  const direction = sort.dir === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" aria-sort={active ? direction : undefined}>
      <button
        type="button"
        className="admin-sort-button"
        onClick={() => {
          onSort(column);
        }}
      >
        {label}
        <span className="admin-sort-indicator" aria-hidden="true">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
