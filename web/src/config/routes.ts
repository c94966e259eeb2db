/**
 * The route table: every route of the spec (section 2, "Route table") with
 * the page title shown as its <h1> and, with the society name, as
 * document.title.
 *
 * Plain data with no React imports so that Node can import it as well,
 * e.g. Playwright tests in e2e/ that visit every route:
 *
 *   import { routeList, documentTitle } from '../src/config/routes.ts';
 *
 * src/app/router.tsx maps each id to its lazily loaded page component; the
 * compiler checks that every id here has one.
 */
import { SOCIETY_NAME } from './site.ts';

export interface RouteInfo {
  /** URL path, exactly as the spec writes it. */
  readonly path: string;
  /** The page's <h1>. */
  readonly title: string;
}

export const routes = {
  home: { path: '/', title: SOCIETY_NAME },
  homeAlias: { path: '/home', title: SOCIETY_NAME },
  login: { path: '/login', title: 'Sign In' },
  register: { path: '/register', title: 'Sign Up' },
  completeProfile: { path: '/complete-profile', title: 'Complete Your Profile' },
  profile: { path: '/profile', title: 'Profile' },
  editProfile: { path: '/edit-profile', title: 'Edit Profile' },
  // Not in the spec's table: reached from /profile (issue 10).
  changePassword: { path: '/change-password', title: 'Change Password' },
  board: { path: '/board', title: 'Our Board' },
  naclo: { path: '/naclo', title: 'NACLO' },
  sculc: { path: '/sculc', title: 'SCULC' },
  sculc2025: { path: '/sculc-2025', title: 'SCULC 2025' },
  submitAbstract: { path: '/sculc/submit-abstract', title: 'Abstract Submission Portal' },
  viewSubmission: { path: '/sculc/view-submission', title: 'Thank You for Your Submission' },
  congratulations: { path: '/sculc/congratulations-page', title: 'Congratulations!' },
  userData: { path: '/user-data', title: 'User Data' },
  sculc2024: { path: '/sculc-2024', title: 'SCULC 2024' },
  sculc2023: { path: '/sculc-2023', title: 'SCULC 2023' },
  sculc2023Program: { path: '/sculc-2023-program', title: 'SCULC 2023 Programs' },
  sculc2023Schedule: { path: '/sculc-2023-schedule', title: 'SCULC 2023 Schedule' },
  sculc2023Presentation: { path: '/sculc-2023-presentation', title: 'SCULC 2023 Presentations' },
  sculc2023Photo: { path: '/sculc-2023-photo', title: 'SCULC 2023 Photos' },
  sculc2022: { path: '/sculc-2022', title: 'SCULC 2022' },
  sculc2022Program: { path: '/sculc-2022-program', title: 'SCULC 2022 Programs' },
  sculc2022Presentation: { path: '/sculc-2022-presentation', title: 'SCULC 2022 Presentations' },
  sculc2022Photo: { path: '/sculc-2022-photo', title: 'SCULC 2022 Photos' },
  // Not in the spec's table: the targets of the links in our own e-mails
  // (verification, password reset) and the form that sends the reset e-mail.
  verifyEmail: { path: '/verify-email', title: 'Verify Your Email Address' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot Password' },
  resetPassword: { path: '/reset-password', title: 'Set a New Password' },
  // Not in the spec's table either: the admins' pages beside /user-data
  // (how the conference is run is 'not shown' in the spec; see issue 5).
  userDataEditions: { path: '/user-data/editions', title: 'Edition Settings' },
  userDataTemplates: { path: '/user-data/templates', title: 'E-mail Templates' },
  userDataActivity: { path: '/user-data/activity', title: 'Activity Log' },
  // Committee review (issue 14): the reviewers' list and the admins' overview.
  review: { path: '/review', title: 'Review' },
  userDataReviews: { path: '/user-data/reviews', title: 'Reviews' },
  // After acceptance (issue 15): the day's program, built from data.
  userDataProgram: { path: '/user-data/program', title: 'Program' },
  // Attendee registration (issue 26): events, their places and waiting lists.
  userDataRegistration: { path: '/user-data/registration', title: 'Registration' },
  // A visitor's e-mailed link that completes their registration.
  registrationConfirm: { path: '/registration/confirm', title: 'Confirm Your Registration' },
  // A registration's own link, from its confirmation or offer e-mail.
  registrationManage: { path: '/registration/manage', title: 'Your Registration' },
  // Editing the site in the browser (issue 24): for editors and admins.
  siteEditor: { path: '/site', title: 'Edit the Site' },
  siteEditorDocument: { path: '/site/edit', title: 'Edit a Page' },
  siteEditorHistory: { path: '/site/history', title: 'Site History' },
  // The check-in desk (issue 26): for check-in volunteers and admins; one
  // event's desk is the detail route below.
  checkIn: { path: '/check-in', title: 'Check-in' },
} as const satisfies Record<string, RouteInfo>;

export type RouteId = keyof typeof routes;

/** Every route, in table order, with its id. */
export const routeList: readonly (RouteInfo & { readonly id: RouteId })[] = (
  Object.keys(routes) as RouteId[]
).map((id) => ({ id, ...routes[id] }));

/** Shorthand for links: `paths.login` is '/login'. */
export const paths = Object.fromEntries(
  routeList.map((route) => [route.id, route.path]),
) as { readonly [Id in RouteId]: (typeof routes)[Id]['path'] };

/**
 * Routes with a parameter, kept out of the table (whose every path can be
 * visited as written): one submission to review, by its code, one
 * submission's reviews for admins, and one event's check-in desk. Their titles come from their data.
 */
export const detailRoutes = {
  reviewSubmission: '/review/:code',
  userDataReview: '/user-data/reviews/:submissionId',
  checkInDesk: '/check-in/:slug',
  // A certificate's verification address (issue 26), public.
  verifyCertificate: '/verify/:code',
  // Any event's registration (issue 26): a NACLO session's, an edition's.
  eventPage: '/events/:slug',
} as const;

/** Title of the page not in the table. */
export const NOT_FOUND_TITLE = 'Page not found';

/** Title of what a signed-in user who is not an admin sees at an admin route. */
export const NOT_AUTHORISED_TITLE = 'Not authorised';

/** document.title for a page: 'Sign In · Undergraduate Linguistics Society'. */
export function documentTitle(title: string): string {
  return title === SOCIETY_NAME ? SOCIETY_NAME : `${title} · ${SOCIETY_NAME}`;
}

/** Sub-navigation of an archived edition's pages: label and route id. */
export interface ArchiveLink {
  readonly label: string;
  readonly id: RouteId;
}

export const archiveNavigation = {
  2023: [
    { label: 'Home', id: 'sculc2023' },
    { label: 'Programs', id: 'sculc2023Program' },
    { label: 'Schedule', id: 'sculc2023Schedule' },
    { label: 'Presentation', id: 'sculc2023Presentation' },
    { label: 'Photos', id: 'sculc2023Photo' },
  ],
  2022: [
    { label: 'Home', id: 'sculc2022' },
    { label: 'Programs', id: 'sculc2022Program' },
    { label: 'Presentation', id: 'sculc2022Presentation' },
    { label: 'Photos', id: 'sculc2022Photo' },
  ],
} as const satisfies Record<number, readonly ArchiveLink[]>;

export type ArchiveYear = keyof typeof archiveNavigation;
