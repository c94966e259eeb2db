import { ApiError } from '../../lib/api-client';
import type { CheckInResult } from '../../api/types';

/*
 * Check-ins made while the network is gone (flaky campus Wi-Fi), kept in
 * localStorage so that a reload or a closed tab loses none, and sent in the
 * order they were made once the network is back. Each keeps the time it was
 * made (`at`), which the server records (never later than when it arrives).
 * A check-in someone else made meanwhile comes back `already_checked_in`:
 * the desk lists those, as it lists refusals (a ticket for another event).
 */

export const QUEUE_STORAGE_KEY = 'colloquy.check-in.queue';

/** Whom a check-in is for: a scanned ticket, or a person picked by name. */
type Whom = { kind: 'scan'; token: string } | { kind: 'name'; registrationId: string; name: string };

/** One check-in waiting for the network. */
export type QueuedCheckIn = {
  /**
   * Tells entries apart (two scans of one ticket are two entries); sent as
   * the check-in's key, so a resend whose answer was lost is not taken for
   * a second scan.
   */
  id: string;
  /** The event's desk it was made at. */
  slug: string;
  /** When it was made (RFC 3339). */
  at: string;
} & Whom;

/** A check-in to keep; `at` is now and `id` a new one unless told (the id a failed send used). */
export type NewCheckIn = { slug: string; id?: string; at?: string } & Whom;

/** Whether a failed request failed for want of a network (then it is queued), not because the server said no. */
export function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof ApiError && error.status === 0;
}

/** The queue as stored; anything unreadable counts as empty rather than breaking the desk. */
export function readQueue(storage: Storage = localStorage): QueuedCheckIn[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isQueuedCheckIn) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: readonly QueuedCheckIn[], storage: Storage) {
  if (queue.length === 0) storage.removeItem(QUEUE_STORAGE_KEY);
  else storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(queue));
}

/** Keeps a check-in for later; answers the queue's new length. */
export function enqueue(checkIn: NewCheckIn, storage: Storage = localStorage): number {
  const entry: QueuedCheckIn = {
    ...checkIn,
    id: checkIn.id ?? globalThis.crypto.randomUUID(),
    at: checkIn.at ?? new Date().toISOString(),
  };
  const queue = [...readQueue(storage), entry];
  writeQueue(queue, storage);
  return queue.length;
}

/** How many check-ins of the event `slug` wait (every event's when none is named). */
export function waitingCount(slug?: string, storage: Storage = localStorage): number {
  return readQueue(storage).filter((entry) => slug === undefined || entry.slug === slug).length;
}

/** What sending the queue came to. */
export interface QueueReport {
  /** Checked in now, in the order sent. */
  checkedIn: CheckInResult[];
  /** Checked in by someone else meanwhile: the server's "Already checked in at … by …". */
  conflicts: CheckInResult[];
  /** Refused by the server (a ticket for another event, a cancelled registration), with its reason. */
  refused: { entry: QueuedCheckIn; message: string }[];
  /** Still waiting: the network went again, or the server failed; sent next time. */
  waiting: number;
}

export type SendCheckIn = (entry: QueuedCheckIn) => Promise<CheckInResult>;

let sending: Promise<QueueReport> | null = null;

/**
 * Sends the queue in order, each entry taken off once the server has
 * answered it; stops at the first that cannot reach the server (or meets a
 * server error), leaving it and the rest for next time. One sending at a
 * time: a second call (the `online` event beside the page's load) shares
 * the first's.
 */
export function sendQueue(send: SendCheckIn, storage: Storage = localStorage): Promise<QueueReport> {
  sending ??= drain(send, storage).finally(() => {
    sending = null;
  });
  return sending;
}

async function drain(send: SendCheckIn, storage: Storage): Promise<QueueReport> {
  const report: QueueReport = { checkedIn: [], conflicts: [], refused: [], waiting: 0 };
  for (;;) {
    const [entry] = readQueue(storage);
    if (!entry) break;
    try {
      const result = await send(entry);
      if (result.outcome === 'already_checked_in') report.conflicts.push(result);
      else report.checkedIn.push(result);
    } catch (error) {
      if (isOffline(error) || !(error instanceof ApiError) || error.status >= 500 || error.status === 401) break;
      report.refused.push({ entry, message: error.message });
    }
    // Read again: another tab may have added to the queue meanwhile.
    writeQueue(
      readQueue(storage).filter((other) => other.id !== entry.id),
      storage,
    );
  }
  report.waiting = readQueue(storage).length;
  return report;
}

function isQueuedCheckIn(value: unknown): value is QueuedCheckIn {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== 'string' || typeof entry.slug !== 'string' || typeof entry.at !== 'string') return false;
  if (entry.kind === 'scan') return typeof entry.token === 'string';
  return entry.kind === 'name' && typeof entry.registrationId === 'string' && typeof entry.name === 'string';
}
