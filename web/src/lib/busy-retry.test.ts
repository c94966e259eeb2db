import { describe, expect, it } from 'vitest';

import { BUSY_RETRIES, busyRetryAfter, retryWhenBusy } from './busy-retry';

function busy(retryAfter?: string): { response: Response } {
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'Retry-After': retryAfter };
  return { response: Response.json({ error: 'The server is busy.', code: 'busy' }, { status: 503, headers }) };
}

const ok = () => ({ response: Response.json({ user: {} }) });

/** A server that answers from `answers` in turn, and the waits the client made. */
function server(answers: Array<{ response: Response }>) {
  const waits: number[] = [];
  let sent = 0;
  return {
    send: () => {
      const answer = answers[sent++];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('no more answers'));
    },
    wait: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
    sent: () => sent,
    waits,
  };
}

describe('retryWhenBusy', () => {
  it('tries again after the wait a busy answer asks for, and says so', async () => {
    const fake = server([busy('2'), busy('1'), ok()]);
    const retries: number[] = [];

    const outcome = await retryWhenBusy(fake.send, { wait: fake.wait, onRetry: (n) => retries.push(n) });

    expect(outcome.response.status).toBe(200);
    expect(fake.sent()).toBe(3);
    expect(fake.waits).toEqual([2000, 1000]);
    expect(retries).toEqual([1, 2]);
  });

  it(`gives up after ${BUSY_RETRIES} tries again, with the busy answer`, async () => {
    const fake = server(Array.from({ length: 10 }, () => busy('1')));

    const outcome = await retryWhenBusy(fake.send, { wait: fake.wait });

    expect(outcome.response.status).toBe(503);
    expect(fake.sent()).toBe(BUSY_RETRIES + 1);
  });

  it('never retries an outage, a refusal or a success', async () => {
    const answers = [
      busy(),
      { response: Response.json({}, { status: 500 }) },
      { response: Response.json({}, { status: 401 }) },
      ok(),
    ];
    for (const answer of answers) {
      const fake = server([answer, ok()]);
      const outcome = await retryWhenBusy(fake.send, { wait: fake.wait });
      expect(outcome).toBe(answer);
      expect(fake.sent()).toBe(1);
    }
  });

  it('waits at most ten seconds, and only for a number of seconds', () => {
    expect(busyRetryAfter(busy('3600').response)).toBe(10);
    expect(busyRetryAfter(busy('0').response)).toBe(0);
    expect(busyRetryAfter(busy('Wed, 21 Oct 2026 07:28:00 GMT').response)).toBeUndefined();
  });
});
