import { Link } from 'react-router';

import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';

export function LoginPage() {
  return (
    <Page title={routes.login.title} className="narrow">
      <p>Sign in to submit an abstract and follow its status.</p>
      <p>
        Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
      </p>
    </Page>
  );
}
