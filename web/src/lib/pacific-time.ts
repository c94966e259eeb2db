/**
 * The edition form's date and time fields are in Pacific time, as the
 * society announces its deadlines, whatever the admin's own time zone; the
 * API speaks UTC (RFC 3339). These convert between the two for
 * <input type="datetime-local">, whose value reads "2025-03-21T23:59".
 */
import { CONFERENCE_TIME_ZONE } from './format';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: CONFERENCE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Pacific wall-clock time of an instant, as if it were UTC (ms). */
function pacificWallClock(instant: number): number {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of wallClock.formatToParts(instant)) part[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** An RFC 3339 instant as the value of a datetime-local input in Pacific time; '' for none. */
export function toPacificInput(time: string | null | undefined): string {
  if (!time) return '';
  const instant = Date.parse(time);
  if (Number.isNaN(instant)) return '';
  // toISOString of the wall clock: "2025-03-21T23:59:00.000Z" -> "2025-03-21T23:59".
  return new Date(pacificWallClock(instant)).toISOString().slice(0, 16);
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value read as Pacific time, as RFC 3339 UTC; null for
 * an empty field, undefined for a malformed one. In the hour skipped when
 * clocks go forward the time is read with the offset from before the jump.
 */
export function fromPacificInput(value: string): string | null | undefined {
  if (!value) return null;
  const match = INPUT_VALUE.exec(value);
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    // The seconds group is optional: undefined, and Number(undefined) is NaN.
    .map((digits: string | undefined) => Number(digits ?? '0'));
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at a first guess, then again at the result, which settles
  // it on either side of a change between PST and PDT.
  let instant = wanted - (pacificWallClock(wanted) - wanted);
  instant = wanted - (pacificWallClock(instant) - instant);
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}

const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The weekday of a date input's value ("2026-05-16" -> "Saturday"); '' for none or a malformed one. */
export function weekdayOf(day: string): string {
  const match = DAY_VALUE.exec(day);
  if (!match) return '';
  const [year = 0, month = 1, date = 1] = match.slice(1).map(Number);
  const at = new Date(Date.UTC(year, month - 1, date));
  // A date such as 2026-02-30 rolls over: refuse it rather than name a day.
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return '';
  return at.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
}
