import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';

export function RegisterPage() {
  return (
    <Page title={routes.register.title} className="narrow">
      <p>Create an account with your e-mail address.</p>
      <p>
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
    </Page>
  );
}
