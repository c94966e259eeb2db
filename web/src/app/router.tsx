import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';

import { protectedRoutes, type ProtectedRouteRule } from '../config/protected-routes';
import { detailRoutes, routeList, type RouteId } from '../config/routes';
import { sessionQueryOptions } from '../lib/session';
import { EditionRoute } from './edition-route';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-page';

/** A page component; `preload` starts loading its code before it renders, if it is loaded lazily. */
type RoutePage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A page loaded on first visit, from a module's named export; `preload`
 * fetches its code sooner. A page whose code is here already when it mounts
 * (preloaded at start-up, or seen before) renders at once: suspending, even
 * for a moment, draws the loading fallback, and React then holds the page
 * back until 300 ms after it (its Suspense throttle), which cost the first
 * view of every page about 300 ms once its code was preloaded.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): RoutePage {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded ??= (await load())[name]);
  const LazyPage = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once, so that the page is not swapped for another component type (and remounted).
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return Object.assign(Page, { preload });
}

/**
 * The guards of signed-in pages come with the first such page, not with
 * the home page (about 0.5 KB of gzip, bench/README.md); like a page, they
 * render at once when their code is here (preloaded at start-up).
 */
let guards: typeof import('./guards') | undefined;
const preloadGuards = async () => (guards ??= await import('./guards'));
const LazyGuarded = lazy(async () => ({ default: (await preloadGuards()).Guarded }));

function Guarded({ rule, children }: { rule: ProtectedRouteRule; children: ReactNode }) {
  const [Loaded] = useState(() => guards?.Guarded);
  return Loaded ? <Loaded rule={rule}>{children}</Loaded> : <LazyGuarded rule={rule}>{children}</LazyGuarded>;
}

const home = lazyPage(() => import('../features/home/components/home-page'), 'HomePage');
const adminPages = () => import('../features/admin/components/admin-pages');
const reviewPages = () => import('../features/review/components/review-pages');
const editorPages = () => import('../features/site-editor/components/site-editor-pages');
const checkInPages = () => import('../features/check-in/components/check-in-pages');

/** Every id of the route table has its page; the compiler checks none is missing. */
const pages: Record<RouteId, RoutePage> = {
  home,
  homeAlias: home,
  login: lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage'),
  register: lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage'),
  completeProfile: lazyPage(
    () => import('../features/auth/components/complete-profile-page'),
    'CompleteProfilePage',
  ),
  profile: lazyPage(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
  editProfile: lazyPage(() => import('../features/profile/components/edit-profile-page'), 'EditProfilePage'),
  changePassword: lazyPage(
    () => import('../features/profile/components/change-password-page'),
    'ChangePasswordPage',
  ),
  board: lazyPage(() => import('../features/board/components/board-page'), 'BoardPage'),
  naclo: lazyPage(() => import('../features/naclo/components/naclo-page'), 'NacloPage'),
  sculc: lazyPage(() => import('../features/conference/components/sculc-page'), 'SculcPage'),
  // Edition pages come from the content data (edition-route.tsx).
  sculc2025: EditionRoute,
  submitAbstract: lazyPage(
    () => import('../features/submissions/components/submit-abstract-page'),
    'SubmitAbstractPage',
  ),
  viewSubmission: lazyPage(
    () => import('../features/submissions/components/view-submission-page'),
    'ViewSubmissionPage',
  ),
  congratulations: lazyPage(
    () => import('../features/submissions/components/congratulations-page'),
    'CongratulationsPage',
  ),
  userData: lazyPage(adminPages, 'UserDataPage'),
  sculc2024: EditionRoute,
  sculc2023: EditionRoute,
  sculc2023Program: EditionRoute,
  sculc2023Schedule: EditionRoute,
  sculc2023Presentation: EditionRoute,
  sculc2023Photo: EditionRoute,
  sculc2022: EditionRoute,
  sculc2022Program: EditionRoute,
  sculc2022Presentation: EditionRoute,
  sculc2022Photo: EditionRoute,
  verifyEmail: lazyPage(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage'),
  forgotPassword: lazyPage(
    () => import('../features/auth/components/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyPage(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  userDataEditions: lazyPage(adminPages, 'EditionsPage'),
  userDataTemplates: lazyPage(adminPages, 'TemplatesPage'),
  userDataActivity: lazyPage(adminPages, 'ActivityPage'),
  userDataReviews: lazyPage(adminPages, 'ReviewsPage'),
  userDataProgram: lazyPage(adminPages, 'ProgramPage'),
  userDataRegistration: lazyPage(adminPages, 'RegistrationPage'),
  registrationConfirm: lazyPage(
    () => import('../features/conference/components/registration-confirm-page'),
    'RegistrationConfirmPage',
  ),
  review: lazyPage(reviewPages, 'ReviewHomePage'),
  siteEditor: lazyPage(editorPages, 'SiteOverviewPage'),
  siteEditorDocument: lazyPage(editorPages, 'SiteEditPage'),
  siteEditorHistory: lazyPage(editorPages, 'SiteHistoryPage'),
  checkIn: lazyPage(checkInPages, 'CheckInEventsPage'),
};

const ReviewSubmissionPage = lazyPage(reviewPages, 'ReviewSubmissionPage');
const SubmissionReviewsPage = lazyPage(adminPages, 'SubmissionReviewsPage');
const CheckInDeskPage = lazyPage(checkInPages, 'CheckInDeskPage');
const EventPage = lazyPage(() => import('../features/conference/components/event-page'), 'EventPage');
const VerifyCertificatePage = lazyPage(
  () => import('../features/certificates/components/verify-page'),
  'VerifyCertificatePage',
);

/** The pages of detailRoutes, guarded as their lists are. */
const detailRouteObjects: RouteObject[] = [
  {
    path: detailRoutes.reviewSubmission,
    element: (
      <Guarded rule={{ reviewerOnly: true }}>
        <ReviewSubmissionPage />
      </Guarded>
    ),
  },
  {
    path: detailRoutes.userDataReview,
    element: (
      <Guarded rule={{ adminOnly: true }}>
        <SubmissionReviewsPage />
      </Guarded>
    ),
  },
  {
    path: detailRoutes.checkInDesk,
    element: (
      <Guarded rule={{ checkInOnly: true }}>
        <CheckInDeskPage />
      </Guarded>
    ),
  },
  // Public: anyone holding a certificate's code may check it.
  { path: detailRoutes.verifyCertificate, element: <VerifyCertificatePage /> },
  // Public: visitors register there by e-mailed link, members in one step.
  { path: detailRoutes.eventPage, element: <EventPage /> },
];

/**
 * The app's routes, rendered by React Router's declarative mode
 * (`<BrowserRouter>` in main.tsx, `<MemoryRouter>` in tests): the app loads
 * no data through the router, and leaving its data APIs out keeps about
 * 17 KB gzip of JavaScript off every first page load (bench/README.md).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A pathless route so that a failing page still shows inside the frame.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          ...routeList.map(({ id, path }): RouteObject => {
            const PageComponent = pages[id];
            const guard = protectedRoutes[id];
            const element = <PageComponent />;
            return { path, element: guard ? <Guarded rule={guard}>{element}</Guarded> : element };
          }),
          ...detailRouteObjects,
          // A later edition's pages (/sculc-2026…) or "Page not found".
          { path: '*', element: <EditionRoute /> },
        ],
      },
    ],
  },
];

/**
 * Starts, at start-up, what the page at `location` will wait for, all at
 * once instead of one after the other as it renders (issue 23, item 16): who
 * is signed in (index.html has asked already), the page's code and, for a
 * signed-in page, its data as soon as the session says the page will be
 * shown (app/route-data.ts, loaded only then, with the API client). A
 * visitor's request would be refused and logged as an error, so none is
 * made before the session answers. Resolves once the page's code is here.
 */
export function prefetchRoute(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): Promise<unknown> {
  // A failure shows in the frame, whose own query asks again.
  queryClient.query(sessionQueryOptions).catch(() => undefined);
  const route = routeList.find((candidate) => candidate.path === pathname);
  if (!route) return Promise.resolve();
  const page = pages[route.id].preload?.() ?? Promise.resolve();
  if (!protectedRoutes[route.id]) return page.catch(() => undefined);
  void import('./route-data').then(({ prefetchRouteData }) => prefetchRouteData(queryClient, route.id, search));
  // A failure is the page's to show, as it renders.
  return Promise.all([page, preloadGuards()]).catch(() => undefined);
}

/** The page for the current location. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
