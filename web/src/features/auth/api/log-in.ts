import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginRequest, Session } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { retryWhenBusy } from '../../../lib/busy-retry';
import { sessionQueryKey } from '../../../lib/session-query-key';

/**
 * Signs in; the answer is the new session, and its cookie comes with it. A
 * lecture hall signing in at once can find the server busy: the sign-in is
 * tried again as it asks (`onRetry` is told, for the screen to say so).
 */
export function logIn(request: LoginRequest, onRetry?: () => void): Promise<Session> {
  return answerOf(retryWhenBusy(() => api.POST('/api/accounts/login', { body: request }), { onRetry }));
}

/** `retrying` is told true when a busy server is asked again, false once the sign-in is settled. */
export function useLogIn(retrying?: (now: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LoginRequest) => logIn(request, () => retrying?.(true)),
    onSettled: () => retrying?.(false),
    onSuccess: (session) => {
      // Seed the session before refetching it: a protected page opened right
      // after sign-in must not see the stale visitor session and bounce back.
      queryClient.setQueryData<Session>(sessionQueryKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
