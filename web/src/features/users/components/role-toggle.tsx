import { CheckboxField } from '../../../components/field';
import { refusalMessage } from '../../../lib/api-client';
import type { Notice } from '../../admin';
import { useSetRole, type PlainRole } from '../api/set-role';
import type { AdminUser } from '../api/types';
import { displayName } from './display-name';

/** Each role's box: its label, and how the notices name someone who has it. */
const ROLES: Record<PlainRole, { label: string; holder: string }> = {
  reviewer: { label: 'Reviewer', holder: 'a reviewer' },
  editor: { label: 'Editor', holder: 'an editor' },
  check_in: { label: 'Check-in', holder: 'a check-in volunteer' },
};

/** The roles with a box beside Admin, in the order they are shown. */
export const PLAIN_ROLES = Object.keys(ROLES) as PlainRole[];

/** A role's name as its column's header shows it ('Check-in'). */
export function roleLabel(role: PlainRole): string {
  return ROLES[role].label;
}

interface RoleToggleProps {
  user: AdminUser;
  role: PlainRole;
  onNotice: (notice: Notice) => void;
}

/**
 * In its role's own column beside Admin ('Reviewer', 'Editor', 'Check-in'):
 * gives or takes it. No question first, unlike admin rights: neither role
 * shows anyone's personal data (a reviewer sees only the abstracts assigned
 * to them, without their authors; an editor the site's text), and either is
 * as easily taken back.
 */
export function RoleToggle({ user, role, onNotice }: RoleToggleProps) {
  const setRole = useSetRole();
  const name = displayName(user);
  const { label, holder } = ROLES[role];
  const has = user.roles.includes(role);

  const toggle = async () => {
    const granted = !has;
    try {
      await setRole.mutateAsync({ userId: user.id, role, granted });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? `Failed to change the ${role} role. Please try again.` });
      return;
    }
    onNotice({ tone: 'success', text: granted ? `${name} is now ${holder}.` : `${name} is no longer ${holder}.` });
  };

  return (
    // As the Admin box: the role in its column's header, 'Reviewer: Mary Haas' for screen readers.
    <CheckboxField
      compact
      label={<span className="visually-hidden">{label}</span>}
      checked={has}
      disabled={setRole.isPending}
      aria-label={`${label}: ${name}`}
      onChange={() => void toggle()}
    />
  );
}
