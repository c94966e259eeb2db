import { checkInRequest, deskPath } from './request';
import type { CheckInResult } from './types';

/*
 * The desk's writes. They are plain calls, not TanStack mutations: a
 * mutation waits while the browser is offline, and the desk must instead
 * keep the check-in in its offline queue at once (offline-queue.ts). The
 * desk refreshes its counts and lookups after each (use-desk.ts).
 */

/** `at`: when the scan was made, for one sent later from the offline queue. */
export function scanTicket(slug: string, token: string, at?: string): Promise<CheckInResult> {
  return checkInRequest('POST', deskPath(slug, '/scans'), { body: at ? { token, at } : { token } });
}

export function checkInByName(slug: string, registrationId: string, at?: string): Promise<CheckInResult> {
  return checkInRequest('POST', deskPath(slug, `/registrations/${encodeURIComponent(registrationId)}`), {
    body: at ? { at } : {},
  });
}

export function undoCheckIn(slug: string, registrationId: string): Promise<CheckInResult> {
  return checkInRequest('DELETE', deskPath(slug, `/registrations/${encodeURIComponent(registrationId)}`));
}
