import type { ReactNode } from 'react';

import type { ProtectedRouteRule } from '../config/protected-routes';
import { AdminOnly } from '../features/admin/components/admin-only';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ReviewerOnly } from '../features/review/components/reviewer-only';

/**
 * A signed-in page behind its rule: signed in (and a complete profile),
 * then admin or reviewer where the rule says. Loaded with the first such
 * page, not with the home page (router.tsx).
 */
export function Guarded({ rule, children }: { rule: ProtectedRouteRule; children: ReactNode }) {
  // editorOnly, checkInOnly: the editor's and the check-in desk's pages guard
  // themselves (EditorPage, CheckInOnly), in their own chunks.
  const { adminOnly, reviewerOnly, editorOnly: _editorOnly, checkInOnly: _checkInOnly, ...signedIn } = rule;
  let page = children;
  if (adminOnly) page = <AdminOnly>{page}</AdminOnly>;
  if (reviewerOnly) page = <ReviewerOnly>{page}</ReviewerOnly>;
  return <ProtectedRoute {...signedIn}>{page}</ProtectedRoute>;
}
