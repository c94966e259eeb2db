import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';

export function SculcPage() {
  return (
    <Page title={routes.sculc.title}>
      <p>The Undergraduate Linguistics Conference, held every spring.</p>
      <p>
        <Link to={paths.sculc2025}>Go to SCULC 2025</Link>
      </p>
    </Page>
  );
}
