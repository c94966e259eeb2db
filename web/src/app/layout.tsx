import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { Banner } from '../components/banner';
import { PageLoading } from '../components/page-loading';
import { SiteFooter } from '../components/site-footer';
import { SiteNav } from '../components/site-nav';
import { SkipLink } from '../components/skip-link';
import { useSession } from '../features/auth/api/get-session';

/** The frame of every page: skip link, banner, nav, main, footer. */
export function AppLayout() {
  const session = useSession();

  return (
    <div className="app">
      <SkipLink target="main" />
      <Banner />
      <SiteNav user={session.isPending ? undefined : session.user} />
      {/* tabIndex -1: the skip link moves focus here, not just the scroll position. */}
      <main id="main" className="site-main container" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
