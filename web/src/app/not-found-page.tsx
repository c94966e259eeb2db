import { Link } from 'react-router';

import { Page } from '../components/page';
import { NOT_FOUND_TITLE, paths } from '../config/routes';

export function NotFoundPage() {
  return (
    <Page title={NOT_FOUND_TITLE}>
      {/* React places it in <head>; the server also answers such a path with 404 and X-Robots-Tag. */}
      <meta name="robots" content="noindex" />
      <p>We could not find the page you were looking for.</p>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </Page>
  );
}
