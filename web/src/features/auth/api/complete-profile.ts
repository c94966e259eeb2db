import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CompleteProfileRequest, Session, SessionUser } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

/** Sets the names, and a password if the account has none (so a Google user can also sign in with one). */
export function completeProfile(request: CompleteProfileRequest): Promise<SessionUser> {
  return answerOf(api.POST('/api/accounts/complete-profile', { body: request }));
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (user) => {
      // Seeded first so that pages guarded on profile_complete let the user in at once.
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
