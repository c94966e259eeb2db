import { refusalMessage } from '../../../lib/api-client';
import { useSetReviewer } from '../api/set-reviewer';
import type { AdminUser } from '../api/types';
import type { Notice } from './admin-toggle';
import { displayName } from './display-name';

interface ReviewerToggleProps {
  user: AdminUser;
  onNotice: (notice: Notice) => void;
}

/**
 * Beside the Admin box, labelled 'Reviewer': gives or takes the reviewer role. No question
 * first, unlike admin rights: the role shows only the abstracts assigned to
 * the reviewer, without their authors, and is as easily taken back.
 */
export function ReviewerToggle({ user, onNotice }: ReviewerToggleProps) {
  const setReviewer = useSetReviewer();
  const name = displayName(user);
  const isReviewer = user.roles.includes('reviewer');

  const toggle = async () => {
    const grant = !isReviewer;
    try {
      await setReviewer.mutateAsync({ userId: user.id, reviewer: grant });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to change the reviewer role. Please try again.' });
      return;
    }
    onNotice({ tone: 'success', text: grant ? `${name} is now a reviewer.` : `${name} is no longer a reviewer.` });
  };

  return (
    // As the Admin box: 'Reviewer' on the screen, 'Reviewer: Mary Haas' for screen readers.
    <label className="role-toggle">
      <input
        type="checkbox"
        checked={isReviewer}
        disabled={setReviewer.isPending}
        aria-label={`Reviewer: ${name}`}
        onChange={() => void toggle()}
      />
      Reviewer
    </label>
  );
}
