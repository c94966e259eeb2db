import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MessageBody, ResetPasswordRequest } from '../../../api/types';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

export function resetPassword(request: ResetPasswordRequest): Promise<MessageBody> {
  return api.post<MessageBody>('/api/accounts/reset-password', request);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset signs the account out everywhere, this browser included.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
