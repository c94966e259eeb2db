import { api } from '../../../lib/api-client';
import { useLeaveTheList } from './leave-the-list';

/** Deletes one of the signed-in user's submissions (the file with it). */
export function deleteSubmission(id: string): Promise<void> {
  return api.delete(`/api/submissions/${encodeURIComponent(id)}`);
}

export function useDeleteSubmission() {
  return useLeaveTheList(deleteSubmission);
}
