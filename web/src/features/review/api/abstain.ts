import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, doneOf } from '../../../lib/api-client';
import { reviewQueryKey } from './review-query-key';

export interface AbstainInput {
  code: string;
  reason: string;
}

/** Gives the submission back (1–1,000 characters of reason); it leaves the reviewer's list. */
export function abstain({ code, reason }: AbstainInput): Promise<void> {
  return doneOf(api.POST('/api/review/{code}/abstain', { params: { path: { code } }, body: { reason } }));
}

export function useAbstain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abstain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reviewQueryKey, 'home'] }),
  });
}
