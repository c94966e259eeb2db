import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Role } from '../../../api/types';
import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import type { AdminUser } from './types';

/** The roles given and taken with a box and no question (admin rights have their own call, set-admin.ts). */
export type PlainRole = Exclude<Role, 'admin'>;

export interface SetRoleInput {
  userId: string;
  role: PlainRole;
  granted: boolean;
}

/** Gives or takes a role (reviewer: issue 14); the user sees that role's pages in the nav with it. */
export function setRole({ userId, role, granted }: SetRoleInput): Promise<AdminUser> {
  const params = { params: { path: { id: userId, role } } };
  if (granted) return answerOf(api.PUT('/api/admin/users/{id}/roles/{role}', params));
  return answerOf(api.DELETE('/api/admin/users/{id}/roles/{role}', params));
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // An admin may give themself a role: the nav must show its pages.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
