import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginRequest, Session } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

/** Signs in; the answer is the new session, and its cookie comes with it. */
export function logIn(request: LoginRequest): Promise<Session> {
  return answerOf(api.POST('/api/accounts/login', { body: request }));
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (session) => {
      // Seed the session before refetching it: a protected page opened right
      // after sign-in must not see the stale visitor session and bounce back.
      queryClient.setQueryData<Session>(sessionQueryKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
