import { Link } from 'react-router';

import { paths } from '../../../config/routes';
import { useSession } from '../../../lib/session';

/**
 * 'View Submission Status' (a link styled as a button): to the acceptance
 * page for presenters, to their submissions for applicants; nothing for
 * anyone else. Both flags are the server's, for the current edition.
 */
export function SubmissionStatusButton() {
  const { user } = useSession();
  if (!user) return null;
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
