import type { QueryClient } from '@tanstack/react-query';

import type { SessionUser } from '../api/types';
import { protectedRoutes, type ProtectedRouteRule } from '../config/protected-routes';
import type { RouteId } from '../config/routes';
import { editionsQueryOptions } from '../features/editions/api/get-editions';
import { profileQueryOptions } from '../features/profile/api/get-profile';
import { reviewerHomeQueryOptions } from '../features/review/api/get-reviewer-home';
import { currentEditionQueryOptions } from '../features/submissions/api/get-current-edition';
import { submissionsQueryOptions } from '../features/submissions/api/get-submissions';
import { usersQueryOptions } from '../features/users/api/get-users';
import { parseUserTableQuery } from '../features/users/user-table-query';
import { sessionQueryOptions } from '../lib/session';

/*
 * The data a signed-in page asks for first, fetched at start-up beside the
 * page's code (router.tsx, prefetchRoute) rather than after it. Loaded only
 * for a signed-in page, so the home page does not carry it or the API client.
 *
 * Each entry uses the very query options its page's hooks use (same key, same
 * fetcher): the page finds the answer in the cache, or the request in flight,
 * and does not ask again (route-data.test.tsx). The prefetched queries keep
 * their answer fresh for a few seconds (FIRST_VIEW_FRESH_MS) so that a page
 * mounting just after it arrived does not fetch it a second time.
 */

type RouteData = (queryClient: QueryClient, user: SessionUser, search: URLSearchParams) => Promise<unknown>;

export const routeData: Readonly<Partial<Record<RouteId, RouteData>>> = {
  profile: (client) => client.query(profileQueryOptions),
  editProfile: (client) => client.query(profileQueryOptions),
  submitAbstract: (client) => client.query(currentEditionQueryOptions),
  viewSubmission: (client, user) => client.query(submissionsQueryOptions(user.id)),
  congratulations: (client, user) =>
    Promise.all([
      client.query(currentEditionQueryOptions),
      client.query(submissionsQueryOptions(user.id)),
    ]),
  userData: (client, _user, search) =>
    Promise.all([
      client.query(usersQueryOptions(parseUserTableQuery(search))),
      client.query(editionsQueryOptions),
    ]),
  review: (client) => client.query(reviewerHomeQueryOptions),
};

/**
 * Whether the page's guards (ProtectedRoute, AdminOnly, ReviewerOnly) will
 * show it to `user`: otherwise its requests would only be refused (403).
 */
function shows(rule: ProtectedRouteRule, user: SessionUser): boolean {
  if (!user.profile_complete && !rule.allowIncompleteProfile) return false;
  if (rule.adminOnly && !user.roles.includes('admin')) return false;
  if (rule.editorOnly && !user.roles.includes('editor') && !user.roles.includes('admin')) return false;
  if (rule.checkInOnly && !user.roles.includes('check_in') && !user.roles.includes('admin')) return false;
  return !(rule.reviewerOnly && !user.roles.includes('reviewer'));
}

/**
 * Fetches the data of the page `id` once the session (asked for at
 * start-up, or already answered) says the page will be shown. Nothing for a
 * visitor, who is sent to /login: a refused request is logged as an error.
 */
export async function prefetchRouteData(queryClient: QueryClient, id: RouteId, search: string): Promise<void> {
  const load = routeData[id];
  const rule = protectedRoutes[id];
  if (!load || !rule) return;
  let user: SessionUser | null;
  try {
    ({ user } = await queryClient.query(sessionQueryOptions));
  } catch {
    // The frame shows the session's failure and retries; the page asks for its own data.
    return;
  }
  if (!user || !shows(rule, user)) return;
  // A failure is the page's to show: its query is in the cache, in error, and
  // the page asks again as it mounts; a 401 has refreshed the session already.
  await load(queryClient, user, new URLSearchParams(search)).catch(() => undefined);
}
