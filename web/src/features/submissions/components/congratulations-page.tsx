import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function CongratulationsPage() {
  return (
    <Page title={routes.congratulations.title} className="narrow">
      <p>Your abstract has been accepted. Next steps for presenters follow here.</p>
    </Page>
  );
}
