/**
 * Trying again when the server says it is busy. A 503 with `Retry-After` is
 * the server's "too many at once, come back in a moment" (the password pool
 * during a lecture hall's sign-in, for one); nothing was done, so the same
 * request can be sent again. It is, after the wait the server asked for, a
 * bounded number of times, and the screen can say so meanwhile. Any other
 * answer (a 503 without `Retry-After` is an outage) is returned at once.
 */

/** How many times a busy answer is tried again before it is shown. */
export const BUSY_RETRIES = 3;

/** The longest wait between tries, whatever `Retry-After` says. */
const MAX_WAIT_SECONDS = 10;

/** What one call of the API client resolves to, as far as retrying needs. */
interface Answered {
  response: Response;
}

export interface BusyRetryOptions {
  /** Called before each new try, with its number (1, 2, ...). */
  onRetry?: (attempt: number) => void;
  /** Tries after the first; `BUSY_RETRIES` unless given. */
  retries?: number;
  /** Waits `ms` milliseconds (tests pass their own). */
  wait?: (ms: number) => Promise<void>;
}

/** The seconds a busy answer asks to wait; undefined for any other answer. */
export function busyRetryAfter(response: Response): number | undefined {
  if (response.status !== 503) return undefined;
  const header = response.headers.get('Retry-After')?.trim();
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Math.min(Number(header), MAX_WAIT_SECONDS);
}

/** Sends with `send`, and again after each busy answer, `retries` times at most. */
export async function retryWhenBusy<T extends Answered>(
  send: () => Promise<T>,
  { onRetry, retries = BUSY_RETRIES, wait = sleep }: BusyRetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await send();
    const seconds = busyRetryAfter(outcome.response);
    if (seconds === undefined || attempt > retries) return outcome;
    onRetry?.(attempt);
    await wait(seconds * 1000);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
