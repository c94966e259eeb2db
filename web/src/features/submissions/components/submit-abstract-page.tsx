import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function SubmitAbstractPage() {
  return (
    <Page title={routes.submitAbstract.title} className="narrow">
      <p>Upload your abstract for SCULC 2025 as a PDF file.</p>
    </Page>
  );
}
