import { useMutation } from '@tanstack/react-query';

import type { EmailRequest, MessageBody } from '../../../api/types';
import { api } from '../../../lib/api-client';

/** Sends a fresh verification e-mail. Always the same answer, known address or not. */
export function resendVerification(request: EmailRequest): Promise<MessageBody> {
  return api.post<MessageBody>('/api/accounts/resend-verification', request);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
