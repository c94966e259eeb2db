import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { checkInByName, scanTicket, undoCheckIn } from './api/check-in';
import { checkInQueryKey } from './api/check-in-query-key';
import type { CheckInPerson, CheckInResult, FoundPerson } from '../../api/types';
import {
  enqueue,
  isOffline,
  readQueue,
  sendQueue,
  waitingCount,
  type NewCheckIn,
  type QueueReport,
} from './offline-queue';

/** What the desk shows at a glance after the volunteer's last action. */
export type DeskOutcome =
  | { kind: 'result'; result: CheckInResult }
  /** `outsideWindow`: refused by the event's check-in window; an admin may send it again anyway. */
  | { kind: 'refused'; message: string; outsideWindow?: () => Promise<void> }
  | { kind: 'queued'; waiting: number; name: string | null };

/** The server's code for a check-in outside the event's check-in window. */
const OUTSIDE_WINDOW = 'outside_check_in_window';

const FAILED = 'The check-in could not be sent. Please try again.';

/** How often check-ins left waiting are tried again while the browser thinks it is online (an answer lost, a server restarting). */
const RETRY_MS = 5_000;

/** Sends one check-in with its key, and for a queued one the time it was made. */
function sendEntry(entry: NewCheckIn & { id: string }, overrideWindow = false): Promise<CheckInResult> {
  const sending = { key: entry.id, at: entry.at, ...(overrideWindow ? { override_window: true } : {}) };
  return entry.kind === 'scan'
    ? scanTicket(entry.slug, entry.token, sending)
    : checkInByName(entry.slug, entry.registrationId, sending);
}

/**
 * The desk of event `slug`: check in by ticket or by name, undo, and the
 * offline queue (offline-queue.ts), sent on load and whenever the browser
 * is back online. Every answer refreshes the counts and the lookups.
 */
export function useDesk(slug: string) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<DeskOutcome | null>(null);
  const [waiting, setWaiting] = useState(() => waitingCount(slug));
  /** The people picked by name whose check-in waits, so the lookup does not offer them again. */
  const [waitingPeople, setWaitingPeople] = useState(() => peopleWaiting(slug));
  const [report, setReport] = useState<QueueReport | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: checkInQueryKey }), [client]);

  const flush = useCallback(async () => {
    if (waitingCount() === 0) return;
    const sent = await sendQueue(sendEntry);
    const left = waitingCount(slug);
    setWaiting(left);
    setWaitingPeople(peopleWaiting(slug));
    // "Saved … (N waiting)" at the top would be stale now: the queue's report says what became of them.
    setOutcome((shown) => (shown?.kind === 'queued' ? (left > 0 ? { ...shown, waiting: left } : null) : shown));
    if (sent.checkedIn.length + sent.conflicts.length + sent.refused.length > 0) {
      setReport(sent);
      void refresh();
    }
  }, [slug, refresh]);

  // On load (a reload with check-ins still saved) and whenever the network is back.
  useEffect(() => {
    const online = () => void flush();
    const onLoad = setTimeout(online, 0);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(onLoad);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  // A check-in can wait while the browser is online (its answer was lost): try again now and then.
  useEffect(() => {
    if (waiting === 0) return;
    const retry = setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => {
      clearInterval(retry);
    };
  }, [waiting, flush]);

  /**
   * Sends a check-in now, or keeps it for later when the network is gone
   * (or others wait before it). Kept, it keeps the key it was sent with:
   * the server may have had it, the answer lost.
   */
  const checkIn = useCallback(
    async (fresh: NewCheckIn) => {
      const later = { ...fresh, id: globalThis.crypto.randomUUID() };
      const queueFirst = () => {
        enqueue(later);
        const count = waitingCount(slug);
        setWaiting(count);
        setWaitingPeople(peopleWaiting(slug));
        setOutcome({ kind: 'queued', waiting: count, name: later.kind === 'name' ? later.name : null });
      };
      // Earlier check-ins wait still: this one goes after them, in order.
      if (waitingCount() > 0) {
        queueFirst();
        void flush();
        return;
      }
      const send = async (overrideWindow: boolean) => {
        setBusy(true);
        try {
          setOutcome({ kind: 'result', result: await sendEntry(later, overrideWindow) });
          void refresh();
        } catch (error) {
          if (isOffline(error)) queueFirst();
          else {
            const outside = error instanceof ApiError && error.code === OUTSIDE_WINDOW && !overrideWindow;
            setOutcome({
              kind: 'refused',
              message: refusal(error),
              ...(outside ? { outsideWindow: () => send(true) } : {}),
            });
          }
        } finally {
          setBusy(false);
        }
      };
      await send(false);
    },
    [slug, flush, refresh],
  );

  const scan = useCallback((token: string) => checkIn({ kind: 'scan', slug, token }), [slug, checkIn]);

  const checkInPerson = useCallback(
    (person: FoundPerson) =>
      checkIn({
        kind: 'name',
        slug,
        registrationId: person.registration_id,
        name: `${person.first_name} ${person.last_name}`,
      }),
    [slug, checkIn],
  );

  const undo = useCallback(
    async (person: CheckInPerson) => {
      setBusy(true);
      try {
        setOutcome({ kind: 'result', result: await undoCheckIn(slug, person.registration_id) });
        void refresh();
      } catch (error) {
        setOutcome({
          kind: 'refused',
          message: isOffline(error) ? 'Undo needs the connection. Try again when it is back.' : refusal(error),
        });
      } finally {
        setBusy(false);
      }
    },
    [slug, refresh],
  );

  return {
    outcome,
    waiting,
    waitingPeople,
    report,
    busy,
    scan,
    checkInPerson,
    undo,
    dismissReport: () => {
      setReport(null);
    },
  };
}

/** The registrations picked by name whose check-in waits in the queue, at the desk of `slug`. */
function peopleWaiting(slug: string): ReadonlySet<string> {
  return new Set(
    readQueue()
      .filter((entry) => entry.slug === slug)
      .flatMap((entry) => (entry.kind === 'name' ? [entry.registrationId] : [])),
  );
}

function refusal(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILED;
}
