import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ChangePasswordRequest, MessageBody } from '../../../api/types';
import { api, ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

/** Sets a new password with the current one; the account's other sessions end, this one stays. */
export function changePassword(request: ChangePasswordRequest): Promise<MessageBody> {
  return api.post<MessageBody>('/api/accounts/change-password', request);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onError: (error) => {
      // The session ended meanwhile: refreshing it sends the user to sign in.
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
