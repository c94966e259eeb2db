/**
 * How times and file sizes read on screen.
 *
 * Deadlines and upload times are shown in the conference's own time zone,
 * whatever the reader's, since that is how the society announces them:
 * "March 21, 2025, 11:59 PM PDT". (The spec writes "PST" throughout; the
 * time zone name here follows the date, so a March deadline reads PDT.)
 */
export const CONFERENCE_TIME_ZONE = 'America/Los_Angeles';

const conferenceTime = new Intl.DateTimeFormat('en-US', {
  timeZone: CONFERENCE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * An RFC 3339 time as "March 21, 2025, 11:59 PM PDT". Built from parts
 * because the literal between date and time differs between ICU versions
 * ("March 21, 2025 at 11:59 PM" in newer ones).
 */
export function formatConferenceTime(time: string | Date): string {
  const date = typeof time === 'string' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) return String(time);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of conferenceTime.formatToParts(date)) part[type] = value;
  const { month = '', day = '', year = '', hour = '', minute = '', dayPeriod = '', timeZoneName = '' } = part;
  return `${month} ${day}, ${year}, ${hour}:${minute} ${dayPeriod} ${timeZoneName}`;
}

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

/**
 * A size in bytes as people read it: "812 bytes", "245 KB", "1.5 MB".
 * Binary units (1 MB = 1,048,576 bytes), as operating systems show file sizes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  // One decimal below 10 ("1.5 MB"), none above ("245 KB"); no trailing ".0".
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${unit}`;
}
