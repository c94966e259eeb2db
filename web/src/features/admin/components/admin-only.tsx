import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import { guardMessages as messages } from '../../../config/guard-messages';
import { NOT_AUTHORISED_TITLE } from '../../../config/routes';
import { useSession } from '../../../lib/session';

interface AdminOnlyProps {
  children: ReactNode;
}

/**
 * Shows `children` to admins only; anyone else sees 'Not authorised'. The
 * page is not even loaded for them, so no admin request is made. (The
 * server refuses every admin endpoint on its own: 401 visitor, 403 user.)
 * Sits inside ProtectedRoute, which has sent visitors to /login already.
 */
export function AdminOnly({ children }: AdminOnlyProps) {
  const { user } = useSession();
  if (!user?.roles.includes('admin')) {
    return (
      <Page title={NOT_AUTHORISED_TITLE} className="narrow">
        <p>{messages.notAuthorised}</p>
      </Page>
    );
  }
  return children;
}
