import { CONFERENCE_TIME_ZONE, formatConferenceTime } from './format';

/* The conference's clock and its talks' times, in its own time zone (format.ts). */

const conferenceClock = new Intl.DateTimeFormat('en-US', {
  timeZone: CONFERENCE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * An RFC 3339 time as the conference clock reads it: "9:00 AM". Built from
 * parts: newer ICU versions put a narrow no-break space before "AM".
 */
export function formatConferenceClock(time: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of conferenceClock.formatToParts(new Date(time))) part[type] = value;
  return `${part.hour ?? ''}:${part.minute ?? ''} ${part.dayPeriod ?? ''}`;
}

const slotStart = new Intl.DateTimeFormat('en-US', {
  timeZone: CONFERENCE_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A talk's or session's time as "Saturday, May 17, 9:30 AM – 9:50 AM PDT".
 * Built from parts, as `formatConferenceTime` is: newer ICU versions write
 * "May 17 at 9:30 AM".
 */
export function formatSlotTime(startsAt: string, endsAt: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of slotStart.formatToParts(new Date(startsAt))) part[type] = value;
  const { weekday = '', month = '', day = '', hour = '', minute = '', dayPeriod = '' } = part;
  const end = formatConferenceTime(endsAt).split(', ').at(-1) ?? '';
  return `${weekday}, ${month} ${day}, ${hour}:${minute} ${dayPeriod} – ${end}`;
}
