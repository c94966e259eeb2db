/**
 * Competition times as the society writes them: "9AM-12PM", "8:30AM";
 * dates as "Thursday, 23 Jan 2025". The content gives plain local
 * dates and 24-hour times (the site's own time zone), so no time zone
 * arithmetic happens here.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '09:00' → '9AM', '08:30' → '8:30AM', '12:00' → '12PM', '00:15' → '12:15AM'. */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  const period = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes === '00' ? '' : `:${minutes}`}${period}`;
}

/** '09:00', '12:00' → '9AM-12PM'. */
export function formatTimeRange(starts: string, ends: string): string {
  return `${formatClock(starts)}-${formatClock(ends)}`;
}

/** '2025-01-23' → 'Thursday, 23 Jan 2025'. */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // UTC, so the weekday is the calendar date's, whatever the reader's zone.
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${weekday}, ${String(day)} ${MONTHS[month - 1] ?? ''} ${String(year)}`;
}
