import { useMutation } from '@tanstack/react-query';

import type { MessageBody, RegisterRequest } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';

/**
 * Creates an account and sends the verification e-mail. The user is not
 * signed in afterwards, so the session is untouched. The server answers the
 * same for an address that already has an account (no enumeration).
 */
export function registerAccount(request: RegisterRequest): Promise<MessageBody> {
  return answerOf(api.POST('/api/accounts/register', { body: request }));
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
