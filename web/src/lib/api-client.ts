import createClient from 'openapi-fetch';

import type { paths } from '../api/schema';
import { API_HEADERS, reachServer } from './api-answer';

export * from './api-answer';

/**
 * The one HTTP client for the server's JSON API under /api, typed by the
 * server's OpenAPI document (src/api/schema.d.ts): paths, parameters,
 * bodies and answers are checked by tsc. It sends the session cookie and
 * the CSRF header (`api-answer.ts`); `answerOf` and `doneOf` turn its
 * answers into data or an ApiError.
 */
export const api = createClient<paths>({
  // Absolute, because a Request outside a page (tests) has no base to resolve '/api/...' against.
  baseUrl: globalThis.location.origin,
  credentials: 'include',
  headers: API_HEADERS,
  fetch: reachServer,
});

