/**
 * How times read on screen (the conference's clock and its talks' times are
 * in format-clock.ts, file sizes in format-size.ts: the frame of every page
 * needs only this one, and carries only it).
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
