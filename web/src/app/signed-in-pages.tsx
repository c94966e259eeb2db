import { protectedRoutes, type ProtectedRouteId } from '../config/protected-routes';
import { Guarded } from './guards';
import { lazyPage, type RoutePage } from './lazy-page';

/*
 * The pages only signed-in people see, behind their guards: one small chunk
 * that comes with the first such page, not with the home page. Their lazy
 * imports and the list of what each one loads cost the home page's entry
 * chunk about 1 KB of gzip (bench/README.md); router.tsx keeps only their
 * ids.
 */

const adminPages = () => import('../features/admin/components/admin-pages');
const reviewPages = () => import('../features/review/components/review-pages');
const editorPages = () => import('../features/site-editor/components/site-editor-pages');
const checkInPages = () => import('../features/check-in/components/check-in-pages');
const profilePage = lazyPage(() => import('../features/profile/components/profile-page'), 'ProfilePage');

/** Every protected id of the route table has its page; the compiler checks none is missing. */
const pages: Record<ProtectedRouteId, RoutePage> = {
  completeProfile: lazyPage(
    () => import('../features/auth/components/complete-profile-page'),
    'CompleteProfilePage',
  ),
  profile: profilePage,
  editProfile: lazyPage(() => import('../features/profile/components/edit-profile-page'), 'EditProfilePage'),
  changePassword: lazyPage(
    () => import('../features/profile/components/change-password-page'),
    'ChangePasswordPage',
  ),
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
  userDataEditions: lazyPage(adminPages, 'EditionsPage'),
  userDataTemplates: lazyPage(adminPages, 'TemplatesPage'),
  userDataActivity: lazyPage(adminPages, 'ActivityPage'),
  userDataReviews: lazyPage(adminPages, 'ReviewsPage'),
  userDataProgram: lazyPage(adminPages, 'ProgramPage'),
  userDataRegistration: lazyPage(adminPages, 'RegistrationPage'),
  review: lazyPage(reviewPages, 'ReviewHomePage'),
  siteEditor: lazyPage(editorPages, 'SiteOverviewPage'),
  siteEditorDocument: lazyPage(editorPages, 'SiteEditPage'),
  siteEditorHistory: lazyPage(editorPages, 'SiteHistoryPage'),
  checkIn: lazyPage(checkInPages, 'CheckInEventsPage'),
};

/** The pages with a parameter (config/routes.ts, detailRoutes) that are signed-in pages, with their rules. */
const detailPages = {
  reviewSubmission: { page: lazyPage(reviewPages, 'ReviewSubmissionPage'), rule: { reviewerOnly: true } },
  userDataReview: { page: lazyPage(adminPages, 'SubmissionReviewsPage'), rule: { adminOnly: true } },
  checkInDesk: { page: lazyPage(checkInPages, 'CheckInDeskPage'), rule: { checkInOnly: true } },
} as const;

export type SignedInDetailId = keyof typeof detailPages;

/** One of the route table's signed-in pages, behind its guard. */
export function SignedInPage({ id }: { id: ProtectedRouteId }) {
  const Page = pages[id];
  return (
    <Guarded rule={protectedRoutes[id] ?? {}}>
      <Page />
    </Guarded>
  );
}

/** One of the signed-in pages with a parameter, behind its guard. */
export function SignedInDetailPage({ id }: { id: SignedInDetailId }) {
  const { page: Page, rule } = detailPages[id];
  return (
    <Guarded rule={rule}>
      <Page />
    </Guarded>
  );
}

/** Starts loading a signed-in page's code. */
export function preloadSignedInPage(id: ProtectedRouteId): Promise<unknown> {
  return pages[id].preload?.() ?? Promise.resolve();
}
