import { Link } from 'react-router';

import { paths } from '../../../config/routes';

/** The way on once an e-mail is verified or sent, or a password is set: sign in. */
export function GoToLogin() {
  return (
    <p>
      <Link to={paths.login} className="button">
        Go to Login Page
      </Link>
    </p>
  );
}
