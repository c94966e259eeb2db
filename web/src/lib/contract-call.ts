import { apiErrorOf, CSRF_HEADER, CSRF_HEADER_VALUE, unreachableError } from './api-client';

/**
 * TEMPORARY (issue 14): a call to a review endpoint that the server's OpenAPI
 * document does not describe yet, so the typed client cannot name it. Same
 * headers, cookies and errors as `api`; replaced by `api.GET/POST/PUT/DELETE`
 * once `make api-types` has the review paths.
 */
export async function contractCall<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, globalThis.location.origin), {
      method,
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw unreachableError();
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: kept as text.
  }
  if (!response.ok) throw apiErrorOf(response.status, parsed);
  return parsed as T;
}
