import { lazy, Suspense, useEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';

import { Banner } from '../components/banner';
import { PageLoading } from '../components/page-loading';
import { SiteFooter } from '../components/site-footer';
import { SiteNav } from '../components/site-nav';
import { SkipLink } from '../components/skip-link';
import { useSession } from '../features/auth/api/get-session';
import { preview } from '../lib/preview';

/** Only an editor's preview tab loads it. */
const PreviewBanner = lazy(() => import('../features/site-editor/components/preview-banner'));

/**
 * A new page starts at its top, as a link to another site's page would; the
 * Back and Forward buttons (POP) leave the position to the browser, which
 * restores it. Links to a section (#anchor) scroll there themselves
 * (use-section-target.ts).
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

/** The frame of every page: skip link, banner, nav, main, footer. */
export function AppLayout() {
  const session = useSession();
  useScrollToTopOnNavigation();

  return (
    <div className="app">
      <SkipLink target="main" />
      {preview && (
        <Suspense fallback={null}>
          <PreviewBanner />
        </Suspense>
      )}
      <Banner />
      <SiteNav user={session.isPending ? undefined : session.user} />
      {/* tabIndex -1: the skip link moves focus here, not just the scroll position. */}
      <main id="main" className="site-main container" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
