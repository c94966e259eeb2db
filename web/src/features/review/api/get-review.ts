import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { reviewQueryKey } from './review-query-key';
import type { ReviewDetail } from './types';

/** One assigned submission with the form and the reviewer's own review; 404 when not (or no longer) assigned. */
export function getReview(code: string, signal?: AbortSignal): Promise<ReviewDetail> {
  return answerOf(api.GET('/api/review/{code}', { params: { path: { code } }, signal }));
}

export function reviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...reviewQueryKey, 'submission', code],
    queryFn: ({ signal }) => getReview(code, signal),
    // The form holds the reviewer's edits; a refetch on focus must not reset it.
    refetchOnWindowFocus: false,
  });
}

export function useReview(code: string) {
  return useQuery(reviewQueryOptions(code));
}
