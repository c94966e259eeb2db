import { queryOptions, useQuery } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { FIRST_VIEW_FRESH_MS } from '../../../lib/first-view';
import { reviewQueryKey } from './review-query-key';
import type { ReviewerHome } from './types';

/** The reviewer's assignments in the current edition, with the progress and the deadline. */
export function getReviewerHome(signal?: AbortSignal): Promise<ReviewerHome> {
  return answerOf(api.GET('/api/review', { signal }));
}

export const reviewerHomeQueryOptions = queryOptions({
  queryKey: [...reviewQueryKey, 'home'],
  queryFn: ({ signal }) => getReviewerHome(signal),
  // Fetched at start-up beside the page's code (app/route-data.ts).
  staleTime: FIRST_VIEW_FRESH_MS,
});

export function useReviewerHome() {
  return useQuery(reviewerHomeQueryOptions);
}
