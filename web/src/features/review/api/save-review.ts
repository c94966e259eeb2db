import { useMutation, useQueryClient } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import { reviewQueryKey } from './review-query-key';
import type { ReviewDetail, ReviewInput } from './types';

export interface ReviewWrite {
  code: string;
  input: ReviewInput;
}

/** Saves a draft (any field may be missing); 409 after the deadline. */
export function saveReview({ code, input }: ReviewWrite): Promise<ReviewDetail> {
  return answerOf(api.PUT('/api/review/{code}', { params: { path: { code } }, body: input }));
}

/** Submits a complete review, or edits a submitted one; 422 with `fields` when incomplete. */
export function submitReview({ code, input }: ReviewWrite): Promise<ReviewDetail> {
  return answerOf(api.POST('/api/review/{code}/submit', { params: { path: { code } }, body: input }));
}

/**
 * The list's states and the progress change with a save; the open review's
 * own query is left alone (the form shows the reviewer's edits, not the answer).
 */
function useRefreshHome() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...reviewQueryKey, 'home'] });
}

export function useSaveReview() {
  const refreshHome = useRefreshHome();
  return useMutation({ mutationFn: saveReview, onSuccess: refreshHome });
}

export function useSubmitReview() {
  const refreshHome = useRefreshHome();
  return useMutation({ mutationFn: submitReview, onSuccess: refreshHome });
}
