import { API_HEADERS, apiErrorOf, reachServer } from '../../../lib/api-client';

/**
 * One call of the check-in API: its JSON answer, or an ApiError (status 0
 * when the server could not be reached, which the offline queue keys on).
 * The error's message is the server's `error`, or the `message` the
 * contract names for a refused scan.
 */
export async function checkInRequest<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const request = new Request(new URL(path, globalThis.location.origin), {
    method,
    credentials: 'include',
    headers: body === undefined ? API_HEADERS : { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const response = await reachServer(request);
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const said =
      isRecord(answer) && typeof answer.error !== 'string' && typeof answer.message === 'string'
        ? { ...answer, error: answer.message }
        : answer;
    throw apiErrorOf(response.status, said);
  }
  return answer as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The path of an event's desk endpoints. */
export function deskPath(slug: string, rest = ''): string {
  return `/api/check-in/${encodeURIComponent(slug)}${rest}`;
}
