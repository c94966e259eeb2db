import { Link } from 'react-router';

import { paths } from '../../../config/routes';
import { useSession } from '../../../lib/session';
import { useSite } from '../../../lib/site-content';

interface SubmissionStatusButtonProps {
  /** The edition whose page shows the button. */
  year: number;
}

/**
 * 'View Submission Status' (a link styled as a button): to the acceptance
 * page for presenters, to their submissions for applicants; nothing for
 * anyone else. Both flags are the server's, for the current edition, so the
 * button shows on the current edition's page only.
 */
export function SubmissionStatusButton({ year }: SubmissionStatusButtonProps) {
  const { user } = useSession();
  const { data: site } = useSite();
  if (!user || site?.current_edition?.year !== year) return null;
  const to = user.presenter ? paths.congratulations : user.applicant ? paths.viewSubmission : null;
  if (!to) return null;

  return (
    <p className="button-row">
      <Link to={to} className="button">
        View Submission Status
      </Link>
    </p>
  );
}
