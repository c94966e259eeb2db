import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';

import type { ProtectedRouteId } from '../config/protected-routes';
import { detailRoutes, routeList, type RouteId } from '../config/routes';
import { sessionQueryOptions } from '../lib/session';
import { EditionRoute } from './edition-route';
import { lazyPage, type RoutePage } from './lazy-page';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-page';

type SignedInModule = typeof import('./signed-in-pages');
let signedIn: SignedInModule | undefined;
const loadSignedIn = async () => (signedIn ??= await import('./signed-in-pages'));

/**
 * A component of the signed-in pages' chunk (signed-in-pages.tsx), which
 * comes with the first signed-in page, not with the home page. Like a page,
 * it renders at once when its code is here (preloaded at start-up).
 */
function fromSignedIn<Props extends object>(pick: (module: SignedInModule) => ComponentType<Props>) {
  const Lazy = lazy(async () => ({ default: pick(await loadSignedIn()) }));
  return function SignedInComponent(props: Props) {
    const [Loaded] = useState(() => signedIn && pick(signedIn));
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

const SignedInPage = fromSignedIn((module) => module.SignedInPage);
const SignedInDetailPage = fromSignedIn((module) => module.SignedInDetailPage);

type PublicRouteId = Exclude<RouteId, ProtectedRouteId>;

const registrationLinkPages = () => import('../features/conference/components/registration-link-pages');
const home = lazyPage(() => import('../features/home/components/home-page'), 'HomePage');

/**
 * Every public id of the route table has its page, and every other is a
 * signed-in page; the compiler checks none is missing.
 */
const publicPages: Record<PublicRouteId, RoutePage> = {
  home,
  homeAlias: home,
  login: lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage'),
  register: lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage'),
  board: lazyPage(() => import('../features/board/components/board-page'), 'BoardPage'),
  naclo: lazyPage(() => import('../features/naclo/components/naclo-page'), 'NacloPage'),
  sculc: lazyPage(() => import('../features/conference/components/sculc-page'), 'SculcPage'),
  // Edition pages come from the content data (edition-route.tsx).
  sculc2025: EditionRoute,
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
  registrationConfirm: lazyPage(registrationLinkPages, 'RegistrationConfirmPage'),
  registrationManage: lazyPage(registrationLinkPages, 'RegistrationManagePage'),
};

function isPublic(id: RouteId): id is PublicRouteId {
  return id in publicPages;
}

const EventPage = lazyPage(() => import('../features/conference/components/event-page'), 'EventPage');
const VerifyCertificatePage = lazyPage(
  () => import('../features/certificates/components/verify-page'),
  'VerifyCertificatePage',
);

/** The pages of detailRoutes; the signed-in ones guarded as their lists are. */
const detailRouteObjects: RouteObject[] = [
  { path: detailRoutes.reviewSubmission, element: <SignedInDetailPage id="reviewSubmission" /> },
  { path: detailRoutes.userDataReview, element: <SignedInDetailPage id="userDataReview" /> },
  { path: detailRoutes.checkInDesk, element: <SignedInDetailPage id="checkInDesk" /> },
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
            if (!isPublic(id)) return { path, element: <SignedInPage id={id} /> };
            const PageComponent = publicPages[id];
            return { path, element: <PageComponent /> };
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
  const { id } = route;
  // A failure is the page's to show, as it renders.
  if (isPublic(id)) return (publicPages[id].preload?.() ?? Promise.resolve()).catch(() => undefined);
  void import('./route-data').then(({ prefetchRouteData }) => prefetchRouteData(queryClient, id, search));
  return loadSignedIn()
    .then((module) => module.preloadSignedInPage(id))
    .catch(() => undefined);
}

/** The page for the current location. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
