import { useMutation } from '@tanstack/react-query';

import type { ChangePasswordRequest, MessageBody } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/** Sets a new password with the current one; the account's other sessions end, this one stays. */
export function changePassword(request: ChangePasswordRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/change-password', { body: request }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
