import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';
import { SubmissionStatusButton } from './submission-status-button';

export function Sculc2025Page() {
  return (
    <Page title={routes.sculc2025.title}>
      <p>
        Saturday 17 May 2025, 09:00 AM to 05:30 PM. Attendance is free. Details, the keynote and the
        program follow here.
      </p>
      <SubmissionStatusButton />
    </Page>
  );
}
