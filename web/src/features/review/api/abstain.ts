import { useMutation, useQueryClient } from '@tanstack/react-query';

import { contractCall } from '../../../lib/contract-call';
import { reviewQueryKey } from './review-query-key';

export interface AbstainInput {
  code: string;
  reason: string;
}

/** Gives the submission back (1–1,000 characters of reason); it leaves the reviewer's list. */
export function abstain({ code, reason }: AbstainInput): Promise<void> {
  return contractCall('POST', `/api/review/${encodeURIComponent(code)}/abstain`, { reason });
}

export function useAbstain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abstain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reviewQueryKey, 'home'] }),
  });
}
