/**
 * The admins' review API (issue 14): the overview, one submission's
 * reviews, the settings and the reviewers. Every change invalidates the
 * whole admin prefix: an assignment moves the overview, a reviewer's load
 * and the activity log at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { answerOf, api, doneOf } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AutoAssignPlan, ReviewSettingsInput, ThresholdPlan } from './review-types';

const reviewsKey = [...adminQueryKey, 'reviews'] as const;

export const reviewOverviewQueryOptions = queryOptions({
  queryKey: [...reviewsKey, 'overview'],
  queryFn: ({ signal }) => answerOf(api.GET('/api/admin/reviews', { signal })),
});

export function useReviewOverview() {
  return useQuery(reviewOverviewQueryOptions);
}

export function useSubmissionReviews(submissionId: string) {
  return useQuery({
    queryKey: [...reviewsKey, 'submission', submissionId],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/admin/reviews/{submission_id}', { params: { path: { submission_id: submissionId } }, signal }),
      ),
  });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: [...reviewsKey, 'settings'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/review/settings', { signal })),
  });
}

export function useReviewers() {
  return useQuery({
    queryKey: [...reviewsKey, 'reviewers'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/reviewers', { signal })),
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
    answerOf(api.PUT('/api/admin/review/settings', { body: input })),
  );
}

export function useAddReviewerConflict() {
  return useAdminMutation(
    ({ reviewerId, name, email }: { reviewerId: string; name: string | null; email: string | null }) =>
      answerOf(
        api.POST('/api/admin/reviewers/{id}/conflicts', { params: { path: { id: reviewerId } }, body: { name, email } }),
      ),
  );
}

export function useRemoveReviewerConflict() {
  return useAdminMutation(({ reviewerId, conflictId }: { reviewerId: string; conflictId: string }) =>
    doneOf(
      api.DELETE('/api/admin/reviewers/{id}/conflicts/{conflict_id}', {
        params: { path: { id: reviewerId, conflict_id: conflictId } },
      }),
    ),
  );
}

/** Assigns a reviewer by hand; 409 across a conflict, for a non-reviewer or twice. */
export function useAssignReviewer() {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    doneOf(
      api.POST('/api/admin/reviews/{submission_id}/assignments', {
        params: { path: { submission_id: submissionId } },
        body: { reviewer_id: reviewerId },
      }),
    ),
  );
}

/** Removes an assignment; 409 once its review is submitted. */
export function useUnassignReviewer() {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    doneOf(
      api.DELETE('/api/admin/reviews/{submission_id}/assignments/{reviewer_id}', {
        params: { path: { submission_id: submissionId, reviewer_id: reviewerId } },
      }),
    ),
  );
}

/** What automatic assignment would do now; nothing is saved. */
export function useAutoAssignPreview() {
  return useMutation({
    mutationFn: () => answerOf(api.POST('/api/admin/reviews/auto-assign/preview')),
  });
}

/** Saves the previewed assignments; 409 (nothing saved) when any crosses a conflict or is taken by now. */
export function useAutoAssign() {
  return useAdminMutation((plan: AutoAssignPlan) =>
    answerOf(
      api.POST('/api/admin/reviews/auto-assign', {
        body: {
          assignments: plan.assignments.map(({ submission_id, reviewer_id }) => ({ submission_id, reviewer_id })),
        },
      }),
    ),
  );
}

/** Which undecided submissions a cut-off would accept and reject; nothing is saved. */
export function useThresholdPreview() {
  return useMutation({
    mutationFn: (cutoff: number) => answerOf(api.POST('/api/admin/reviews/threshold/preview', { body: { cutoff } })),
  });
}

export interface ThresholdDecision {
  plan: ThresholdPlan;
  includeComments: boolean;
}

/** Decides as previewed; 409 'The scores have changed since the preview. Preview again.' otherwise. */
export function useDecideByThreshold() {
  return useAdminMutation(({ plan, includeComments }: ThresholdDecision) =>
    answerOf(
      api.POST('/api/admin/reviews/threshold', {
        body: {
          cutoff: plan.cutoff,
          include_comments: includeComments,
          accept: plan.accept.map(({ submission_id }) => submission_id),
          reject: plan.reject.map(({ submission_id }) => submission_id),
        },
      }),
    ),
  );
}
