import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginRequest, Session, SessionUser } from '../../../api/types';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';

/** The answer to a successful sign-in; the session cookie comes with it. */
export interface SignedIn {
  user: SessionUser;
}

export function logIn(request: LoginRequest): Promise<SignedIn> {
  return api.post<SignedIn>('/api/accounts/login', request);
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ user }) => {
      // Seed the session before refetching it: a protected page opened right
      // after sign-in must not see the stale visitor session and bounce back.
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
