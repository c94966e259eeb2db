import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function EditProfilePage() {
  return (
    <Page title={routes.editProfile.title} className="narrow">
      <p>Change the name shown on your profile.</p>
    </Page>
  );
}
