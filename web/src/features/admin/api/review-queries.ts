/**
 * The admins' review API (issue 14): the overview, one submission's
 * reviews, the settings and the reviewers. Every change invalidates the
 * whole admin prefix: an assignment moves the overview, a reviewer's load
 * and the activity log at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { contractCall } from '../../../lib/contract-call';
import { adminQueryKey } from './admin-query-key';
import type {
  AutoAssignPlan,
  Reviewer,
  ReviewerConflict,
  ReviewOverview,
  ReviewSettings,
  ReviewSettingsInput,
  SubmissionReviews,
  ThresholdPlan,
} from './review-types';

const reviewsKey = [...adminQueryKey, 'reviews'] as const;

export const reviewOverviewQueryOptions = queryOptions({
  queryKey: [...reviewsKey, 'overview'],
  queryFn: ({ signal }) => contractCall<ReviewOverview>('GET', '/api/admin/reviews', undefined, signal),
});

export function useReviewOverview() {
  return useQuery(reviewOverviewQueryOptions);
}

export function useSubmissionReviews(submissionId: string) {
  return useQuery({
    queryKey: [...reviewsKey, 'submission', submissionId],
    queryFn: ({ signal }) =>
      contractCall<SubmissionReviews>(
        'GET',
        `/api/admin/reviews/${encodeURIComponent(submissionId)}`,
        undefined,
        signal,
      ),
  });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: [...reviewsKey, 'settings'],
    queryFn: ({ signal }) => contractCall<ReviewSettings>('GET', '/api/admin/review/settings', undefined, signal),
  });
}

export function useReviewers() {
  return useQuery({
    queryKey: [...reviewsKey, 'reviewers'],
    queryFn: ({ signal }) =>
      contractCall<{ reviewers: Reviewer[] }>('GET', '/api/admin/reviewers', undefined, signal),
  });
}

/** A mutation that refreshes every admin query once it is settled. */
function useAdminMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

/** Saves the settings; 409 when the criteria change after a review was saved, 422 with `fields`. */
export function useUpdateReviewSettings() {
  return useAdminMutation((input: ReviewSettingsInput) =>
    contractCall<ReviewSettings>('PUT', '/api/admin/review/settings', input),
  );
}

export function useAddReviewerConflict() {
  return useAdminMutation(
    ({ reviewerId, name, email }: { reviewerId: string; name: string | null; email: string | null }) =>
      contractCall<ReviewerConflict>('POST', `/api/admin/reviewers/${encodeURIComponent(reviewerId)}/conflicts`, {
        name,
        email,
      }),
  );
}

export function useRemoveReviewerConflict() {
  return useAdminMutation(({ reviewerId, conflictId }: { reviewerId: string; conflictId: string }) =>
    contractCall<undefined>(
      'DELETE',
      `/api/admin/reviewers/${encodeURIComponent(reviewerId)}/conflicts/${encodeURIComponent(conflictId)}`,
    ),
  );
}

/** Assigns a reviewer by hand; 409 across a conflict, for a non-reviewer or twice. */
export function useAssignReviewer() {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    contractCall<unknown>('POST', `/api/admin/reviews/${encodeURIComponent(submissionId)}/assignments`, {
      reviewer_id: reviewerId,
    }),
  );
}

/** Removes an assignment; 409 once its review is submitted. */
export function useUnassignReviewer() {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    contractCall<undefined>(
      'DELETE',
      `/api/admin/reviews/${encodeURIComponent(submissionId)}/assignments/${encodeURIComponent(reviewerId)}`,
    ),
  );
}

/** What automatic assignment would do now; nothing is saved. */
export function useAutoAssignPreview() {
  return useMutation({
    mutationFn: () => contractCall<AutoAssignPlan>('POST', '/api/admin/reviews/auto-assign/preview'),
  });
}

/** Saves the previewed assignments; 409 (nothing saved) when any crosses a conflict or is taken by now. */
export function useAutoAssign() {
  return useAdminMutation((plan: AutoAssignPlan) =>
    contractCall<{ assigned: number }>('POST', '/api/admin/reviews/auto-assign', {
      assignments: plan.assignments.map(({ submission_id, reviewer_id }) => ({ submission_id, reviewer_id })),
    }),
  );
}

/** Which undecided submissions a cut-off would accept and reject; nothing is saved. */
export function useThresholdPreview() {
  return useMutation({
    mutationFn: (cutoff: number) =>
      contractCall<ThresholdPlan>('POST', '/api/admin/reviews/threshold/preview', { cutoff }),
  });
}

export interface ThresholdDecision {
  plan: ThresholdPlan;
  includeComments: boolean;
}

/** Decides as previewed; 409 'The scores have changed since the preview. Preview again.' otherwise. */
export function useDecideByThreshold() {
  return useAdminMutation(({ plan, includeComments }: ThresholdDecision) =>
    contractCall<{ accepted: number; rejected: number }>('POST', '/api/admin/reviews/threshold', {
      cutoff: plan.cutoff,
      include_comments: includeComments,
      accept: plan.accept.map(({ submission_id }) => submission_id),
      reject: plan.reject.map(({ submission_id }) => submission_id),
    }),
  );
}
