import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function ViewSubmissionPage() {
  return (
    <Page title={routes.viewSubmission.title} className="narrow">
      <p>Your abstract is being processed. We will contact you about any updates.</p>
    </Page>
  );
}
