import type { paths } from '../api/schema';

/**
 * What every call of the server's JSON API shares: the headers it sends, its
 * answers turned into data or an ApiError, and `readApi`, a typed GET for
 * what every page's frame reads. The full client (`api`, openapi-fetch) is
 * in `api-client.ts`, which re-exports all of this; the frame imports from
 * here so that the home page does not load the client (2.5 KB gzip of its
 * 100 KB budget, bench/README.md).
 *
 * - Sends the session cookie (credentials: 'include').
 * - Adds `X-Requested-With: colloquy` to every request; the server's CSRF
 *   guard requires it on state-changing requests (a cross-site form cannot
 *   set custom headers).
 * - `answerOf` turns a non-2xx answer into an ApiError carrying the status
 *   and the server's `{"error": "...", "fields"?: {...}, "code"?: "..."}`.
 */

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'colloquy';

/** The headers of every API request. */
export const API_HEADERS = { Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE } as const;

/** Shown when the server's answer carries no message of its own. */
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Per-field messages of a rejected form, if the server sent any. */
  readonly fields: FieldErrors;
  /**
   * The server's machine-readable reason (e.g. `token_expired`), for screens
   * that must tell cases apart without matching on wording.
   */
  readonly code: string | undefined;

  constructor(status: number, message: string, fields: FieldErrors = {}, code?: string) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

/**
 * The server's own message when it refused a request (4xx) and said why;
 * undefined for outages, 5xx and unreadable answers, where a screen shows
 * the spec's fallback ('Failed to register', ...) instead.
 */
export function refusalMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  return error.message === FALLBACK_MESSAGE ? undefined : error.message;
}

/** The global fetch as it is at call time (tests stub it), with outages as an ApiError. */
export async function reachServer(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (cause) {
    if (request.signal.aborted) throw cause;
    throw unreachableError();
  }
}

/** The paths with a GET that takes no parameters. */
type ReadablePath = {
  [P in keyof paths]: paths[P] extends { get: { parameters: { path?: never } } } ? P : never;
}[keyof paths];

/** The JSON body of a path's 200 answer to GET. */
type ReadAnswer<P extends ReadablePath> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

/**
 * `api.GET(path)` for a path without parameters, typed by the same schema,
 * answered as `answerOf` answers: the session and the site's content, which
 * every page's frame reads, need nothing more of the client.
 */
export async function readApi<P extends ReadablePath>(
  path: P,
  signal?: AbortSignal,
  search = '',
): Promise<ReadAnswer<P>> {
  const request = new Request(new URL(path + search, globalThis.location.origin), {
    credentials: 'include',
    headers: API_HEADERS,
    signal,
  });
  const response = await reachServer(request);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, body);
  return body as ReadAnswer<P>;
}

/** What one call of `api` resolves to: the answer's body, or the server's error body. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a 2xx answer; any other answer is thrown as an ApiError. */
export async function answerOf<T>(call: Promise<Outcome<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorOf(response.status, error);
  return data as T;
}

/** For calls whose answer has no body (204): resolves once the server has said yes. */
export async function doneOf(call: Promise<Outcome<unknown>>): Promise<void> {
  await answerOf(call);
}

/**
 * The ApiError for a non-2xx answer whose body has been parsed already (or
 * is text or undefined when it was not JSON). Exported for requests that
 * cannot go through fetch, e.g. uploads that report progress with XMLHttpRequest.
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  let message = FALLBACK_MESSAGE;
  let fields: Record<string, string[]> = {};
  let code: string | undefined;
  if (isRecord(body)) {
    if (typeof body.error === 'string' && body.error) message = body.error;
    if (isRecord(body.fields)) fields = normaliseFields(body.fields);
    if (typeof body.code === 'string' && body.code) code = body.code;
  }
  return new ApiError(status, message, fields, code);
}

/** The ApiError for a request that never got an answer (offline, DNS, reset). */
export function unreachableError(): ApiError {
  return new ApiError(0, 'Could not reach the server. Please check your connection and try again.');
}

function normaliseFields(raw: Record<string, unknown>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    const messages = Array.isArray(value) ? value : [value];
    fields[name] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
