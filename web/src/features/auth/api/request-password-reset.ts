import { useMutation } from '@tanstack/react-query';

import type { EmailRequest, MessageBody } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/** Sends the reset e-mail. Always the same answer, so it reveals no accounts. */
export function requestPasswordReset(request: EmailRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/forgot-password', { body: request }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
