import { beforeEach, describe, expect, it } from 'vitest';

import { ApiError, unreachableError } from '../../lib/api-client';
import type { CheckInResult } from '../../api/types';
import { enqueue, QUEUE_STORAGE_KEY, readQueue, sendQueue, waitingCount, type QueuedCheckIn } from './offline-queue';

function result(outcome: CheckInResult['outcome'], first: string, message = ''): CheckInResult {
  return {
    outcome,
    message,
    person: {
      registration_id: `reg-${first}`,
      first_name: first,
      last_name: 'Tester',
      mode: 'in_person',
      lunch: false,
      dietary: '',
      access: '',
      checked_in_at: '2026-05-16T15:42:00Z',
      checked_in_by: null,
      outside_window: false,
    },
  };
}

const whom = (entry: QueuedCheckIn) => (entry.kind === 'scan' ? entry.token : entry.registrationId);

describe('the offline queue', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps each check-in in localStorage with the time it was made, so a reload loses none', () => {
    expect(enqueue({ slug: 'sculc-2026', kind: 'scan', token: 'AAA.BBB', at: '2026-05-16T15:40:00Z' })).toBe(1);
    expect(enqueue({ slug: 'sculc-2026', kind: 'name', registrationId: 'r-2', name: 'Grace Hopper' })).toBe(2);
    enqueue({ slug: 'naclo-open', kind: 'scan', token: 'CCC.DDD' });

    // What a new page would read: the stored text, not this module's memory.
    const stored = JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]') as QueuedCheckIn[];
    expect(stored.map(whom)).toEqual(['AAA.BBB', 'r-2', 'CCC.DDD']);
    expect(readQueue()[0]?.at).toBe('2026-05-16T15:40:00Z');
    expect(Date.parse(readQueue()[1]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(waitingCount('sculc-2026')).toBe(2);
    expect(waitingCount()).toBe(3);
  });

  it('sends in the order made, with their times, and empties itself', async () => {
    enqueue({ slug: 's', kind: 'scan', token: 'first', at: '2026-05-16T15:40:00Z' });
    enqueue({ slug: 's', kind: 'name', registrationId: 'second', name: 'Grace Hopper', at: '2026-05-16T15:41:00Z' });
    const sent: string[] = [];
    const report = await sendQueue((entry) => {
      sent.push(`${whom(entry)} at ${entry.at}`);
      return Promise.resolve(result('checked_in', whom(entry)));
    });

    expect(sent).toEqual(['first at 2026-05-16T15:40:00Z', 'second at 2026-05-16T15:41:00Z']);
    expect(report.checkedIn.map((done) => done.person.first_name)).toEqual(['first', 'second']);
    expect(report.waiting).toBe(0);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('stops when the network goes again, keeping that check-in and the rest for next time', async () => {
    for (const token of ['a', 'b', 'c']) enqueue({ slug: 's', kind: 'scan', token });
    const report = await sendQueue((entry) =>
      entry.kind === 'scan' && entry.token === 'b'
        ? Promise.reject(unreachableError())
        : Promise.resolve(result('checked_in', whom(entry))),
    );

    expect(report.checkedIn).toHaveLength(1);
    expect(report.waiting).toBe(2);
    expect(readQueue().map(whom)).toEqual(['b', 'c']);
  });

  it('keeps a check-in the server failed on (5xx) rather than losing it', async () => {
    enqueue({ slug: 's', kind: 'scan', token: 'a' });
    const report = await sendQueue(() => Promise.reject(new ApiError(503, 'Busy')));
    expect(report.waiting).toBe(1);
    expect(readQueue().map(whom)).toEqual(['a']);
  });

  it('reports check-ins made meanwhile by someone else, and refusals, and drops them from the queue', async () => {
    enqueue({ slug: 's', kind: 'scan', token: 'taken' });
    enqueue({ slug: 's', kind: 'name', registrationId: 'gone', name: 'Grace Hopper' });
    enqueue({ slug: 's', kind: 'scan', token: 'fine' });
    const report = await sendQueue((entry) => {
      if (whom(entry) === 'taken') {
        return Promise.resolve(result('already_checked_in', 'Ada', 'Already checked in at 8:42 AM by Noam Chomsky.'));
      }
      if (whom(entry) === 'gone') return Promise.reject(new ApiError(409, 'Grace Hopper is not registered: cancelled.'));
      return Promise.resolve(result('checked_in', 'Alan'));
    });

    expect(report.conflicts.map((conflict) => conflict.message)).toEqual(['Already checked in at 8:42 AM by Noam Chomsky.']);
    expect(report.refused.map(({ entry, message }) => [whom(entry), message])).toEqual([
      ['gone', 'Grace Hopper is not registered: cancelled.'],
    ]);
    expect(report.checkedIn.map((done) => done.person.first_name)).toEqual(['Alan']);
    expect(readQueue()).toEqual([]);
  });

  it('sends once when asked twice at once (the online event beside the page load)', async () => {
    enqueue({ slug: 's', kind: 'scan', token: 'a' });
    let calls = 0;
    const send = () => {
      calls += 1;
      return Promise.resolve(result('checked_in', 'a'));
    };
    const [first, second] = await Promise.all([sendQueue(send), sendQueue(send)]);
    expect(calls).toBe(1);
    expect(second).toBe(first);
  });

  it('reads a damaged queue as empty instead of breaking the desk', () => {
    localStorage.setItem(QUEUE_STORAGE_KEY, '{not json');
    expect(readQueue()).toEqual([]);
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([{ kind: 'scan' }, 7]));
    expect(readQueue()).toEqual([]);
  });
});
