/**
 * The admins' review API (issue 14): the overview, one submission's
 * reviews, the settings and the reviewers, each of one edition (`year`,
 * the edition picker's choice: in every request as `?edition=` and in every
 * query key; a query waits until the year is known). Every change
 * invalidates the whole admin prefix: an assignment moves the overview, a
 * reviewer's load and the activity log at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { adminQueryKey } from '../../../lib/admin-query-key';
import { answerOf, api, doneOf } from '../../../lib/api-client';
import type { AutoAssignPlan, ReviewSettingsInput, ThresholdPlan } from './review-types';

/** The key of edition `year`'s review queries. */
export function reviewsQueryKey(year: number | undefined) {
  return [...adminQueryKey, 'reviews', year] as const;
}

/** `?edition=` for edition `year` (undefined while the editions load: no request is sent then). */
function inEdition(year: number | undefined) {
  return { edition: year };
}

export function reviewOverviewQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: [...reviewsQueryKey(year), 'overview'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/reviews', { params: { query: inEdition(year) }, signal })),
    enabled: year !== undefined,
  });
}

export function useReviewOverview(year: number | undefined) {
  return useQuery(reviewOverviewQueryOptions(year));
}

export function useSubmissionReviews(year: number | undefined, submissionId: string) {
  return useQuery({
    queryKey: [...reviewsQueryKey(year), 'submission', submissionId],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/admin/reviews/{submission_id}', {
          params: { path: { submission_id: submissionId }, query: inEdition(year) },
          signal,
        }),
      ),
    enabled: year !== undefined,
  });
}

export function useReviewSettings(year: number | undefined) {
  return useQuery({
    queryKey: [...reviewsQueryKey(year), 'settings'],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/admin/review/settings', { params: { query: inEdition(year) }, signal })),
    enabled: year !== undefined,
  });
}

export function useReviewers(year: number | undefined) {
  return useQuery({
    queryKey: [...reviewsQueryKey(year), 'reviewers'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/admin/reviewers', { params: { query: inEdition(year) }, signal })),
    enabled: year !== undefined,
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

/** Saves edition `year`'s settings; 409 when the criteria change after a review was saved, 422 with `fields`. */
export function useUpdateReviewSettings(year: number) {
  return useAdminMutation((input: ReviewSettingsInput) =>
    answerOf(api.PUT('/api/admin/review/settings', { params: { query: inEdition(year) }, body: input })),
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

/** Assigns a reviewer by hand in edition `year`; 409 across a conflict, for a non-reviewer or twice. */
export function useAssignReviewer(year: number) {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    doneOf(
      api.POST('/api/admin/reviews/{submission_id}/assignments', {
        params: { path: { submission_id: submissionId }, query: inEdition(year) },
        body: { reviewer_id: reviewerId },
      }),
    ),
  );
}

/** Removes an assignment in edition `year`; 409 once its review is submitted. */
export function useUnassignReviewer(year: number) {
  return useAdminMutation(({ submissionId, reviewerId }: { submissionId: string; reviewerId: string }) =>
    doneOf(
      api.DELETE('/api/admin/reviews/{submission_id}/assignments/{reviewer_id}', {
        params: { path: { submission_id: submissionId, reviewer_id: reviewerId }, query: inEdition(year) },
      }),
    ),
  );
}

/** What automatic assignment would do now in edition `year`; nothing is saved. */
export function useAutoAssignPreview(year: number) {
  return useMutation({
    mutationFn: () =>
      answerOf(api.POST('/api/admin/reviews/auto-assign/preview', { params: { query: inEdition(year) } })),
  });
}

/** Saves the previewed assignments; 409 (nothing saved) when any crosses a conflict or is taken by now. */
export function useAutoAssign(year: number) {
  return useAdminMutation((plan: AutoAssignPlan) =>
    answerOf(
      api.POST('/api/admin/reviews/auto-assign', {
        params: { query: inEdition(year) },
        body: {
          assignments: plan.assignments.map(({ submission_id, reviewer_id }) => ({ submission_id, reviewer_id })),
        },
      }),
    ),
  );
}

/** Which undecided submissions of edition `year` a cut-off would accept and reject; nothing is saved. */
export function useThresholdPreview(year: number) {
  return useMutation({
    mutationFn: (cutoff: number) =>
      answerOf(
        api.POST('/api/admin/reviews/threshold/preview', { params: { query: inEdition(year) }, body: { cutoff } }),
      ),
  });
}

export interface ThresholdDecision {
  plan: ThresholdPlan;
  includeComments: boolean;
}

/** Decides as previewed; 409 'The scores have changed since the preview. Preview again.' otherwise. */
export function useDecideByThreshold(year: number) {
  return useAdminMutation(({ plan, includeComments }: ThresholdDecision) =>
    answerOf(
      api.POST('/api/admin/reviews/threshold', {
        params: { query: inEdition(year) },
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
