import { formatConferenceClock } from '../../lib/format-clock';

/**
 * The program builder's list moves, kept apart from the page so they can be
 * tested alone: each gives a session's whole new ordered list, which the
 * page sends as one PUT (the server checks and stores it whole).
 */

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}

/** `ids` with `id` added at the end (once). */
export function added(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

/** `ids` without `id`. */
export function removed(ids: readonly string[], id: string): string[] {
  return ids.filter((candidate) => candidate !== id);
}

/** Which session kinds a presentation confirmed in `format` may go to. */
export function kindsFor(format: string | null | undefined): ('talks' | 'posters')[] {
  switch (format) {
    case 'talk':
      return ['talks'];
    case 'poster':
      return ['posters'];
    case 'both':
      return ['talks', 'posters'];
    default:
      return [];
  }
}

/** "9:00 AM – 10:30 AM", in conference time. */
export function timeRange(startsAt: string, endsAt: string): string {
  return `${formatConferenceClock(startsAt)} – ${formatConferenceClock(endsAt)}`;
}

/** "9:00 AM – 9:20 AM" for a placed presentation's own time; '' when publishing leaves it out (it takes none). */
export function itemTime(item: { starts_at: string | null; ends_at: string | null }): string {
  return item.starts_at && item.ends_at ? timeRange(item.starts_at, item.ends_at) : '';
}

/** The warnings that concern session `id`. */
export function warningsFor<Warning extends { session_ids: string[] }>(warnings: readonly Warning[], id: string): Warning[] {
  return warnings.filter((warning) => warning.session_ids.includes(id));
}

/**
 * What the unplaced list says when it lists nothing: that every confirmed
 * presentation is placed only when there is one; with none confirmed, that
 * no presenter has confirmed yet.
 */
export function nothingUnplaced(confirmed: number): string {
  return confirmed === 0
    ? 'No presenter has confirmed yet: confirmed presentations appear here, ready to place.'
    : 'Every confirmed presentation is placed.';
}
