import type { Recommendation, ReviewAssignmentDetail } from '../api/review-types';

export { RECOMMENDATION_LABELS } from '../review-values';

export const RECOMMENDATION_ORDER: readonly Recommendation[] = ['accept', 'weak_accept', 'weak_reject', 'reject'];

export const ASSIGNMENT_STATE_LABELS: Record<ReviewAssignmentDetail['state'], string> = {
  pending: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  abstained: 'Abstained',
};

export const ANONYMITY_FLAG = 'The PDF may name its author';

/** The path of one submission's reviews. */
export function submissionReviewsPath(submissionId: string): string {
  return `/user-data/reviews/${encodeURIComponent(submissionId)}`;
}
