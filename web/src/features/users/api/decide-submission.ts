import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminSubmission, Decision } from './types';

export interface DecideSubmissionInput {
  submissionId: string;
  /** 'submitted' undoes a decision. */
  decision: Decision;
  /** Move the edition's passed confirm-by deadline to this time first (RFC 3339). */
  extendConfirmByTo?: string;
  /** False: accept even though the confirm-by deadline has passed (the admin said so). */
  askIfConfirmByPassed?: boolean;
}

/** What the server answers (409) instead of accepting once the confirm-by deadline has passed. */
export const CONFIRM_BY_PASSED = 'confirm_by_passed';

/**
 * Accepts or rejects a submission (the author gets the matching e-mail), or
 * undoes that. An acceptance after the confirm-by deadline is refused with
 * `CONFIRM_BY_PASSED` unless it extends the deadline or the admin chose to
 * accept anyway.
 */
export function decideSubmission({
  submissionId,
  decision,
  extendConfirmByTo,
  askIfConfirmByPassed = true,
}: DecideSubmissionInput): Promise<AdminSubmission> {
  const body = {
    decision,
    ...(decision === 'accepted' && { ask_if_confirm_by_passed: askIfConfirmByPassed }),
    ...(extendConfirmByTo && { extend_confirm_by_to: extendConfirmByTo }),
  };
  return answerOf(api.POST('/api/admin/submissions/{id}/decision', { params: { path: { id: submissionId } }, body }));
}

export function useDecideSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSubmission,
    // The author's Presenter flag, the row and the activity log change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
