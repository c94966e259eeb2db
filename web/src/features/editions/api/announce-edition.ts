import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api } from '../../../lib/api-client';
import type { AdminEdition } from './types';

/**
 * Puts an edition on the public site (logged); 409 when it is there already,
 * or with the code `call_over` when its call is over and the chair has not
 * confirmed going ahead (`callOverConfirmed`).
 */
export function announceEdition({
  year,
  callOverConfirmed = false,
}: {
  year: number;
  callOverConfirmed?: boolean;
}): Promise<AdminEdition> {
  const query = callOverConfirmed ? { call_over_confirmed: true } : {};
  return answerOf(api.POST('/api/admin/editions/{year}/announce', { params: { path: { year }, query } }));
}

export function useAnnounceEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: announceEdition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        // The nav, the banner and /sculc turn to it.
        queryClient.invalidateQueries({ queryKey: ['content'] }),
        queryClient.invalidateQueries({ queryKey: ['editions'] }),
      ]),
  });
}
