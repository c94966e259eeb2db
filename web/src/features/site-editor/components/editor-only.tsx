import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import { NOT_AUTHORISED_TITLE } from '../../../config/routes';
import { useSession } from '../../../lib/session';

export const NOT_AN_EDITOR = 'You need to be an editor of the site to see this page.';

/** Whether the user may edit the site's content: editors and admins. */
export function editsContent(roles: readonly string[] | undefined): boolean {
  return Boolean(roles?.includes('editor') || roles?.includes('admin'));
}

/**
 * Shows `children` to editors and admins only, as AdminOnly does for
 * admins: anyone else sees 'Not authorised' and no editor request is made.
 * The server refuses the editor API to everyone else on its own (403).
 */
export function EditorOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!editsContent(user?.roles)) {
    return (
      <Page title={NOT_AUTHORISED_TITLE} className="narrow">
        <p>{NOT_AN_EDITOR}</p>
      </Page>
    );
  }
  return children;
}
