import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';

export function ProfilePage() {
  return (
    <Page title={routes.profile.title} className="narrow">
      <p>Your account at a glance.</p>
      <p>
        <Link to={paths.editProfile}>Edit Profile</Link>
      </p>
    </Page>
  );
}
