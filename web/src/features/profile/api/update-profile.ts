import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Session, SessionUser, UpdateProfileRequest } from '../../../api/types';
import { api, ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { profileQueryKey } from './get-profile';

/** Changes the signed-in user's names. */
export function updateProfile(request: UpdateProfileRequest): Promise<SessionUser> {
  return api.patch<SessionUser>('/api/me', request);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // /profile shows the new name at once, without a loading state.
      queryClient.setQueryData(profileQueryKey, user);
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
      // The session ended meanwhile: refreshing it sends the user to sign in.
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
