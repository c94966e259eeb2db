import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import { NOT_AUTHORISED_TITLE } from '../../../config/routes';
import { useSession } from '../../../lib/session';

export const NOT_AT_THE_DOOR = 'You need to be a check-in volunteer to see this page.';

/** Whether the user may work the check-in desk: the check-in role and admins. */
export function worksTheDoor(roles: readonly string[] | undefined): boolean {
  return Boolean(roles?.includes('check_in') || roles?.includes('admin'));
}

/**
 * Shows `children` to check-in volunteers and admins only, guarded in the
 * desk's own chunk as the editor's pages are: anyone else sees 'Not
 * authorised' and no check-in request is made. The server refuses the
 * check-in API to everyone else on its own (403).
 */
export function CheckInOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!worksTheDoor(user?.roles)) {
    return (
      <Page title={NOT_AUTHORISED_TITLE} className="narrow">
        <p>{NOT_AT_THE_DOOR}</p>
      </Page>
    );
  }
  return children;
}
