import type { CheckInResult } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/*
 * The desk's writes. They are plain calls, not TanStack mutations: a
 * mutation waits while the browser is offline, and the desk must instead
 * keep the check-in in its offline queue at once (offline-queue.ts). The
 * desk refreshes its counts and lookups after each (use-desk.ts).
 */

/**
 * `key`: the check-in's own id, the same however often it is sent, so that
 * a resend whose first answer was lost is answered "checked in" again.
 * `at`: when it was made, for one sent later from the offline queue.
 */
export interface Sending {
  key: string;
  at?: string;
  /** An admin's decision to check in outside the event's check-in window (logged by the server). */
  override_window?: boolean;
}

export function scanTicket(slug: string, token: string, sending: Sending): Promise<CheckInResult> {
  return answerOf(api.POST('/api/check-in/{slug}/scans', { params: { path: { slug } }, body: { token, ...sending } }));
}

export function checkInByName(slug: string, registrationId: string, sending: Sending): Promise<CheckInResult> {
  return answerOf(
    api.POST('/api/check-in/{slug}/registrations/{registration_id}', {
      params: { path: { slug, registration_id: registrationId } },
      body: sending,
    }),
  );
}

export function undoCheckIn(slug: string, registrationId: string): Promise<CheckInResult> {
  return answerOf(
    api.DELETE('/api/check-in/{slug}/registrations/{registration_id}', {
      params: { path: { slug, registration_id: registrationId } },
    }),
  );
}
