/**
 * The routes for signed-in users, with the reason /login gives a visitor
 * sent there from each. Plain data, like routes.ts, so that Node (the
 * Playwright tests in e2e/) can import it too; src/app/router.tsx wraps these
 * pages in ProtectedRoute.
 *
 * The spec guards /sculc/submit-abstract and names the messages; it leaves
 * /user-data and the two status pages unguarded, but they show one user's
 * data (or everyone's), so they are guarded here too. This is guidance only:
 * the server refuses their data on its own.
 */
import { guardMessages as messages } from './guard-messages.ts';
import type { RouteId } from './routes.ts';

export interface ProtectedRouteRule {
  /** Shown on /login; 'Please sign in to continue.' when absent. */
  readonly message?: string;
  /** Only /complete-profile may be opened before the profile is complete. */
  readonly allowIncompleteProfile?: boolean;
  /**
   * Only admins see the page; any other signed-in user sees 'Not authorised'
   * instead, and the page (with its requests) is never loaded.
   */
  readonly adminOnly?: boolean;
  /** Only reviewers (the `reviewer` role) see the page; like adminOnly otherwise. */
  readonly reviewerOnly?: boolean;
  /** Only editors of the site's content (the `editor` role) and admins; like adminOnly otherwise. */
  readonly editorOnly?: boolean;
  /** Only check-in volunteers (the `check_in` role) and admins; like adminOnly otherwise. */
  readonly checkInOnly?: boolean;
}

const rules = {
  submitAbstract: { message: messages.logInToSubmit },
  completeProfile: { message: messages.registerFirst, allowIncompleteProfile: true },
  profile: {},
  editProfile: {},
  changePassword: {},
  viewSubmission: {},
  congratulations: {},
  userData: { adminOnly: true },
  userDataEditions: { adminOnly: true },
  userDataTemplates: { adminOnly: true },
  userDataActivity: { adminOnly: true },
  userDataProgram: { adminOnly: true },
  userDataRegistration: { adminOnly: true },
  userDataReviews: { adminOnly: true },
  review: { reviewerOnly: true },
  siteEditor: { editorOnly: true },
  siteEditorDocument: { editorOnly: true },
  siteEditorHistory: { editorOnly: true },
  checkIn: { checkInOnly: true },
} as const satisfies Partial<Record<RouteId, ProtectedRouteRule>>;

/** The routes only signed-in people see; their pages load apart from the public ones (app/signed-in-pages.tsx). */
export type ProtectedRouteId = keyof typeof rules;

export const protectedRoutes: Readonly<Partial<Record<RouteId, ProtectedRouteRule>>> = rules;

