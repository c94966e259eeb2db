/** How a table is sorted by one of its columns. */
export type SortDirection = 'asc' | 'desc';

/**
 * The spec's rule for a click on a header: the same column again toggles
 * ascending/descending; a new column starts ascending.
 */
export function nextSort<Column extends string>(
  current: { sort: Column; dir: SortDirection },
  clicked: Column,
): { sort: Column; dir: SortDirection } {
  if (clicked === current.sort) return { sort: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: clicked, dir: 'asc' };
}
