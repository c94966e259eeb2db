import { useConfirm } from '../../../components/confirm-dialog';
import { CheckboxField } from '../../../components/field';
import { refusalMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { Notice } from '../../admin';
import { useSetAdmin } from '../api/set-admin';
import type { AdminUser } from '../api/types';
import { displayName } from './display-name';

interface AdminToggleProps {
  user: AdminUser;
  onNotice: (notice: Notice) => void;
}

/**
 * The Admin cell's first box, labelled 'Admin': grants or revokes the flag
 * after a confirmation. It shows the server's state, so a refused change (the
 * last admin: 409 'At least one admin must remain.') leaves it as it was.
 */
export function AdminToggle({ user, onNotice }: AdminToggleProps) {
  const setAdmin = useSetAdmin();
  const confirm = useConfirm();
  const { user: me } = useSession();
  const name = displayName(user);
  const isAdmin = user.roles.includes('admin');

  const toggle = async () => {
    const grant = !isAdmin;
    let question = `Remove admin rights from ${name}?`;
    if (grant) {
      question = `Make ${name} an admin? They will see every user's data and can change the conference settings.`;
    } else if (user.id === me?.id) {
      question = 'Remove your own admin rights? You will no longer see these pages.';
    }
    const sure = await confirm({
      title: grant ? 'Grant admin rights' : 'Remove admin rights',
      message: question,
      confirmLabel: grant ? 'Make admin' : 'Remove admin rights',
      tone: grant ? 'default' : 'danger',
    });
    if (!sure) return;
    try {
      await setAdmin.mutateAsync({ userId: user.id, admin: grant });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to change admin rights. Please try again.' });
      return;
    }
    onNotice({ tone: 'success', text: grant ? `${name} is now an admin.` : `${name} is no longer an admin.` });
  };

  return (
    // 'Admin' on the screen; 'Admin: Mary Haas' for screen readers, who do not hear the row's
    // name with a cell. An aria-label, not hidden text in the label: the hidden span (position:
    // absolute) is a block to browsers, which then read 'Admin : Mary Haas'.
    <CheckboxField
      compact
      label={<span className="visually-hidden">Admin</span>}
      checked={isAdmin}
      disabled={setAdmin.isPending}
      aria-label={`Admin: ${name}`}
      onChange={() => void toggle()}
    />
  );
}
