import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { PageLoading } from '../../../components/page-loading';
import { guardMessages as messages } from '../../../config/guard-messages';
import type { ProtectedRouteRule } from '../../../config/protected-routes';
import { paths } from '../../../config/routes';
import { pathOf, type RedirectState } from '../../../lib/redirect-state';
import { useSession } from '../api/get-session';

interface ProtectedRouteProps extends ProtectedRouteRule {
  children: ReactNode;
}

/**
 * Lets signed-in users with a completed profile see `children`; sends a
 * visitor to /login (with where they were, to come back after signing in)
 * and an incomplete profile to /complete-profile. This is only guidance:
 * the server refuses the data of these pages on its own.
 */
export function ProtectedRoute({
  children,
  message = messages.signInToContinue,
  allowIncompleteProfile = false,
}: ProtectedRouteProps) {
  const { user, isPending } = useSession();
  const location = useLocation();

  // Waiting rather than rendering: the page must not flash before a redirect.
  if (isPending) return <PageLoading label="Checking your sign-in…" />;

  if (!user) {
    const state: RedirectState = { from: pathOf(location), message };
    return <Navigate to={paths.login} replace state={state} />;
  }

  if (!user.profile_complete && !allowIncompleteProfile) {
    const state: RedirectState = { message: messages.completeProfileFirst };
    return <Navigate to={paths.completeProfile} replace state={state} />;
  }

  return children;
}
