import type { Submission } from '../../../api/types';
import { api } from '../../../lib/api-client';
import { useLeaveTheList } from './leave-the-list';

/**
 * Withdraws one of the signed-in user's decided submissions: it stays with
 * the organizers, marked withdrawn, and leaves the user's lists.
 */
export function withdrawSubmission(id: string): Promise<Submission> {
  return api.post<Submission>(`/api/submissions/${encodeURIComponent(id)}/withdraw`);
}

export function useWithdrawSubmission() {
  return useLeaveTheList(withdrawSubmission);
}
