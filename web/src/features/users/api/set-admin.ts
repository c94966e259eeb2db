import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import type { AdminUser } from './types';

export interface SetAdminInput {
  userId: string;
  admin: boolean;
}

/**
 * Grants or revokes the admin flag. Revoking the last admin is refused
 * with 409 'At least one admin must remain.'
 */
export function setAdmin({ userId, admin }: SetAdminInput): Promise<AdminUser> {
  return answerOf(api.PUT('/api/admin/users/{id}/admin', { params: { path: { id: userId } }, body: { admin } }));
}

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // An admin may revoke themself: the nav and the guard must learn it.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
