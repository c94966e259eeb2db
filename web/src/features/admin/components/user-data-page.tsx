import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function UserDataPage() {
  return (
    <Page title={routes.userData.title}>
      <p>All users and their submissions, for admins.</p>
    </Page>
  );
}
