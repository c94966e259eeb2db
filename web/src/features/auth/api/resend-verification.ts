import { useMutation } from '@tanstack/react-query';

import type { EmailRequest, MessageBody } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/** Sends a fresh verification e-mail. Always the same answer, known address or not. */
export function resendVerification(request: EmailRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/resend-verification', { body: request }));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
