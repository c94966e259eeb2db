import { api, doneOf } from '../../../lib/api-client';
import { useLeaveTheList } from './leave-the-list';

/** Deletes one of the signed-in user's submissions (the file with it). */
export function deleteSubmission(id: string): Promise<void> {
  return doneOf(api.DELETE('/api/submissions/{id}', { params: { path: { id } } }));
}

export function useDeleteSubmission() {
  return useLeaveTheList(deleteSubmission);
}
