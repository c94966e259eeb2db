import type { Edition } from '../../../api/types';
import { formatConferenceTime } from '../../../lib/format';

/**
 * What the submission page says when the edition's call is not open, with
 * the deadline (or the opening time, before the call opens); null while it
 * is open. The server decides `call_open`; `now` only picks the wording.
 */
export function closedCallNotice(edition: Edition, now: number): string | null {
  if (edition.call_open) return null;
  const call = `The call for abstracts for SCULC ${edition.year}`;
  if (edition.call_opens_at && now < Date.parse(edition.call_opens_at)) {
    return `${call} opens on ${formatConferenceTime(edition.call_opens_at)}.`;
  }
  if (edition.call_closes_at) {
    return `${call} is closed: the deadline was ${formatConferenceTime(edition.call_closes_at)}.`;
  }
  return `${call} is closed.`;
}

/** Whether a chosen file looks like a PDF; the server reads its content to make sure. */
export function looksLikePdf(file: File): boolean {
  // Some systems give dropped files no type, so the name counts as well.
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}
