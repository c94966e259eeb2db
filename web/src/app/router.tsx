import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';

import { protectedRoutes } from '../config/protected-routes';
import { routeList, type RouteId } from '../config/routes';
import { AdminOnly } from '../features/admin/components/admin-only';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { AppLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** A page loaded on first visit, from a module's named export. */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const home = lazyPage(() => import('../features/home/components/home-page'), 'HomePage');
const sculc2023 = () => import('../features/conference/components/sculc-2023-pages');
const sculc2022 = () => import('../features/conference/components/sculc-2022-pages');
const adminPages = () => import('../features/admin/components/admin-pages');

/** Every id of the route table has its page; the compiler checks none is missing. */
const pages: Record<RouteId, LazyExoticComponent<ComponentType>> = {
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
  board: lazyPage(() => import('../features/board/components/board-page'), 'BoardPage'),
  naclo: lazyPage(() => import('../features/naclo/components/naclo-page'), 'NacloPage'),
  sculc: lazyPage(() => import('../features/conference/components/sculc-page'), 'SculcPage'),
  sculc2025: lazyPage(() => import('../features/conference/components/sculc-2025-page'), 'Sculc2025Page'),
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
  sculc2024: lazyPage(() => import('../features/conference/components/sculc-2024-page'), 'Sculc2024Page'),
  sculc2023: lazyPage(sculc2023, 'Sculc2023HomePage'),
  sculc2023Program: lazyPage(sculc2023, 'Sculc2023ProgramPage'),
  sculc2023Schedule: lazyPage(sculc2023, 'Sculc2023SchedulePage'),
  sculc2023Presentation: lazyPage(sculc2023, 'Sculc2023PresentationPage'),
  sculc2023Photo: lazyPage(sculc2023, 'Sculc2023PhotoPage'),
  sculc2022: lazyPage(sculc2022, 'Sculc2022HomePage'),
  sculc2022Program: lazyPage(sculc2022, 'Sculc2022ProgramPage'),
  sculc2022Presentation: lazyPage(sculc2022, 'Sculc2022PresentationPage'),
  sculc2022Photo: lazyPage(sculc2022, 'Sculc2022PhotoPage'),
  verifyEmail: lazyPage(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage'),
  forgotPassword: lazyPage(
    () => import('../features/auth/components/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyPage(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  userDataEditions: lazyPage(adminPages, 'EditionsPage'),
  userDataTemplates: lazyPage(adminPages, 'TemplatesPage'),
  userDataActivity: lazyPage(adminPages, 'ActivityPage'),
};

/** The app's routes, for createBrowserRouter (main.tsx) and createMemoryRouter (tests). */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A pathless route so that a failing page still shows inside the frame.
        errorElement: <RouteErrorPage />,
        children: [
          ...routeList.map(({ id, path }): RouteObject => {
            const PageComponent = pages[id];
            const guard = protectedRoutes[id];
            if (!guard) return { path, element: <PageComponent /> };
            const { adminOnly, ...rule } = guard;
            const element = (
              <ProtectedRoute {...rule}>
                {adminOnly ? (
                  <AdminOnly>
                    <PageComponent />
                  </AdminOnly>
                ) : (
                  <PageComponent />
                )}
              </ProtectedRoute>
            );
            return { path, element };
          }),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
