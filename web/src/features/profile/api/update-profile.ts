import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Session, SessionUser, UpdateProfileRequest } from '../../../api/types';
import { answerOf, api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session-query-key';
import { profileQueryKey } from './get-profile';

/** Changes the signed-in user's names. */
export function updateProfile(request: UpdateProfileRequest): Promise<SessionUser> {
  return answerOf(api.PATCH('/api/me', { body: request }));
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
  });
}
