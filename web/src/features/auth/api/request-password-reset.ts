import { useMutation } from '@tanstack/react-query';

import type { EmailRequest, MessageBody } from '../../../api/types';
import { api } from '../../../lib/api-client';

/** Sends the reset e-mail. Always the same answer, so it reveals no accounts. */
export function requestPasswordReset(request: EmailRequest): Promise<MessageBody> {
  return api.post<MessageBody>('/api/accounts/forgot-password', request);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
