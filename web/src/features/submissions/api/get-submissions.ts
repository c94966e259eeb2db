import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Submission, SubmissionList } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { FIRST_VIEW_FRESH_MS } from '../../../lib/first-view';
import { useSession } from '../../../lib/session';

/** Prefix of every user's list; mutations invalidate by it. */
export const submissionsQueryKey = ['submissions'] as const;

/** The signed-in user's submissions in the current edition, newest first. */
export function getSubmissions(signal?: AbortSignal): Promise<SubmissionList> {
  return answerOf(api.GET('/api/submissions', { signal }));
}

/**
 * Keyed by user as well, so that after a change of account in the same tab
 * (a shared computer) the list of the previous user is never shown, not
 * even for a moment from the cache.
 */
export function submissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...submissionsQueryKey, userId],
    queryFn: ({ signal }) => getSubmissions(signal),
    // Fetched at start-up beside the page's code (app/route-data.ts).
    staleTime: FIRST_VIEW_FRESH_MS,
    select: (list): Submission[] => list.submissions,
  });
}

/** The signed-in user's submissions; waits for the session (pages using it are protected). */
export function useSubmissions() {
  const { user } = useSession();
  return useQuery({ ...submissionsQueryOptions(user?.id ?? ''), enabled: user !== null });
}
