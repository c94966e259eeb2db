import type { Submission } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { useLeaveTheList } from './leave-the-list';

/**
 * Withdraws one of the signed-in user's decided submissions: it stays with
 * the organizers, marked withdrawn, and leaves the user's lists.
 */
export function withdrawSubmission(id: string): Promise<Submission> {
  return answerOf(api.POST('/api/submissions/{id}/withdraw', { params: { path: { id } } }));
}

export function useWithdrawSubmission() {
  return useLeaveTheList(withdrawSubmission);
}
