import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { Page } from '../components/page';
import { paths } from '../config/routes';

/** Shown inside the frame when a page fails to render or its code fails to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <Page title="Something went wrong">
      <p>This page could not be shown. Reloading often helps, for example after the site was updated.</p>
      <p className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload the page
        </button>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </Page>
  );
}
