import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MessageBody, ResetPasswordRequest } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

export function resetPassword(request: ResetPasswordRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/reset-password', { body: request }));
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
