import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import { NOT_AUTHORISED_TITLE } from '../../../config/routes';
import { useSession } from '../../../lib/session';

export const NOT_A_REVIEWER = 'You need to be a reviewer to see this page.';

/**
 * Shows `children` to reviewers only, as AdminOnly does for admins: anyone
 * else sees 'Not authorised' and the page's requests are never made. The
 * server refuses the review API to everyone else on its own (403).
 */
export function ReviewerOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.roles.includes('reviewer')) {
    return (
      <Page title={NOT_AUTHORISED_TITLE} className="narrow">
        <p>{NOT_A_REVIEWER}</p>
      </Page>
    );
  }
  return children;
}
