import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function CompleteProfilePage() {
  return (
    <Page title={routes.completeProfile.title} className="narrow">
      <p>Tell us your name and choose a password to finish setting up your account.</p>
    </Page>
  );
}
