import { lazy } from 'react';
import { useLocation } from 'react-router';

import { parseEditionPath } from '../features/conference/edition-path';
import { NotFoundPage } from './not-found-page';

const EditionScreen = lazy(async () => ({
  default: (await import('../features/conference/components/edition-screen')).EditionScreen,
}));

/**
 * Every conference edition page (/sculc-{year}, /sculc-{year}-{slug}),
 * from the content data; any other unknown path is "Page not found". The
 * route table names the spec's edition routes; a later edition's routes
 * need only its data, since unmatched paths come here too.
 */
export function EditionRoute() {
  const { pathname } = useLocation();
  const edition = parseEditionPath(pathname);
  if (!edition) return <NotFoundPage />;
  return (
    <EditionScreen
      // A fresh screen per page, so that nothing of one page's state carries over.
      key={pathname}
      year={edition.year}
      slug={edition.slug}
      notFound={<NotFoundPage />}
    />
  );
}
