/**
 * The one HTTP client for the server's JSON API under /api.
 *
 * - Sends the session cookie (credentials: 'include').
 * - Adds `X-Requested-With: colloquy` to every request; the server's CSRF
 *   guard requires it on state-changing requests (a cross-site form cannot
 *   set custom headers).
 * - Non-2xx answers throw an ApiError carrying the status and the server's
 *   `{"error": "...", "fields"?: {...}, "code"?: "..."}` answer.
 */

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'colloquy';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** A plain object is sent as JSON; FormData as multipart (e.g. uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  { body, signal }: RequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'include', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw unreachableError();
  }

  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): keep the fallback message.
  }
  return apiErrorOf(response.status, body);
}

/**
 * The ApiError for a non-2xx answer whose body has been parsed already (or
 * is undefined when it was not JSON). Exported for requests that cannot go
 * through fetch, e.g. uploads that report progress with XMLHttpRequest.
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

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
