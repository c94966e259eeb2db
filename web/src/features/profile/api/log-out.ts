import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import type { Session } from '../../../api/types';
import { api, ApiError, doneOf } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { profileQueryKey } from './get-profile';

/** Deletes the session on the server (and its cookie). */
export async function logOut(): Promise<void> {
  try {
    await doneOf(api.POST('/api/accounts/logout'));
  } catch (error) {
    // 401: the session had already ended, which is what Log Out wants anyway.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/**
 * Log Out, for the page that calls it and then navigates away. The cached
 * session is only emptied once that page has unmounted: emptied earlier, the
 * still-mounted protected page (navigation is a React transition, which keeps
 * it on screen while the next page's code loads) would send the user to
 * /login instead of where the page was going.
 *
 * It lives with the profile feature because the profile page has the only
 * Log Out button.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  const loggedOut = useRef(false);

  useEffect(
    () => () => {
      if (!loggedOut.current) return;
      queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
      queryClient.removeQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    [queryClient],
  );

  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      loggedOut.current = true;
    },
  });
}
