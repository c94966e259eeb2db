import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Session, SessionUser } from '../api/types';
import { readApi } from './api-answer';
import { sessionQueryKey } from './session-query-key';

/*
 * The session query lives in shared code, not in the auth feature, because
 * other features read who is signed in (the conference page's status button,
 * the submissions lists keyed by user) and features do not import from one
 * another. features/auth/api/get-session.ts re-exports it.
 */

export { sessionQueryKey };

/** Who is signed in. The server answers 200 with `user: null` for visitors. */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return readApi('/api/session', signal);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
  // Until it answers, the nav shows neither Login nor Profile: retry once,
  // quickly, then treat the reader as a visitor.
  retry: 1,
  retryDelay: 300,
});

/** The session query; `user` is the signed-in user, or null for a visitor. */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  const user: SessionUser | null = query.data?.user ?? null;
  return { ...query, user };
}
