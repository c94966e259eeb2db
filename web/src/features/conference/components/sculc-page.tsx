import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';
import { useSite } from '../../../lib/site-content';

/** /sculc: points to the current edition, whichever the server's data names. */
export function SculcPage() {
  const { data: site } = useSite();
  const current = site?.current_edition;
  return (
    <Page title={routes.sculc.title}>
      <p>The Undergraduate Linguistics Conference, held every spring.</p>
      {current && (
        <p>
          <Link to={current.path}>Go to {current.title}</Link>
        </p>
      )}
    </Page>
  );
}
