import { useMutation } from '@tanstack/react-query';

import type { MessageBody, TokenRequest } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/** Spends the single-use token from the verification e-mail's link. */
export function verifyEmail(request: TokenRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/verify-email', { body: request }));
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
