import { useMutation, useQueryClient } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminSubmission, Decision } from './types';

export interface DecideSubmissionInput {
  submissionId: string;
  /** 'submitted' undoes a decision. */
  decision: Decision;
}

/** Accepts or rejects a submission (the author gets the matching e-mail), or undoes that. */
export function decideSubmission({ submissionId, decision }: DecideSubmissionInput): Promise<AdminSubmission> {
  return answerOf(
    api.POST('/api/admin/submissions/{id}/decision', { params: { path: { id: submissionId } }, body: { decision } }),
  );
}

export function useDecideSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSubmission,
    // The author's Presenter flag, the row and the activity log change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
