/*
 * The check-in API's answers, as the contract in issue 26 writes them
 * (server/src/registration/check_in.rs). Hand-written until the server's
 * OpenAPI document carries them; then these become aliases of its schemas.
 */

/** An event a volunteer can open the desk of. */
export interface CheckInEvent {
  slug: string;
  title: string;
  starts_at: string;
}

export interface CheckInCounts {
  registered: number;
  in_person: number;
  virtual: number;
  waiting: number;
  checked_in: number;
  lunches: number;
  /** How many registered people wrote a dietary need. */
  dietary: number;
  /** How many registered people wrote an access need. */
  access: number;
}

export interface CheckInDesk extends CheckInEvent {
  counts: CheckInCounts;
}

export interface CheckInPerson {
  registration_id: string;
  first_name: string;
  last_name: string;
  mode: 'in_person' | 'virtual';
  lunch: boolean;
  dietary: string;
  access: string;
  /** RFC 3339, or null while not checked in. */
  checked_in_at: string | null;
  /** The volunteer's "First Last", or null. */
  checked_in_by: string | null;
}

export interface CheckInResult {
  outcome: 'checked_in' | 'already_checked_in' | 'undone';
  person: CheckInPerson;
  message: string;
}

/** The member's ticket for an event. */
export interface Ticket {
  token: string;
  event_title: string;
  starts_at: string;
  name: string;
}
