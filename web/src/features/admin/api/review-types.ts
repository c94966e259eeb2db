/**
 * The admin review API's shapes (issue 14, REVIEW-CONTRACT.md). Written from
 * the contract until the server's OpenAPI types exist; then these become
 * aliases of the generated ones.
 */
import type { SubmissionStatus } from './types';

export type Recommendation = 'accept' | 'weak_accept' | 'weak_reject' | 'reject';
export type ReviewVisibility = 'never' | 'after_own';

export interface ReviewCriterion {
  id: string;
  name: string;
  weight: number;
}

export interface ReviewSettings {
  edition_year: number;
  deadline: string | null;
  reviewers_per_submission: number;
  visibility: ReviewVisibility;
  criteria: ReviewCriterion[];
  criteria_locked: boolean;
}

export interface ReviewSettingsInput {
  deadline: string | null;
  reviewers_per_submission: number;
  visibility: ReviewVisibility;
  criteria: { id?: string; name: string; weight: number }[];
}

export interface ReviewerConflict {
  id: string;
  name: string | null;
  email: string | null;
  added_by_admin: boolean;
}

export interface Reviewer {
  id: string;
  name: string;
  email: string;
  assigned: number;
  submitted: number;
  conflicts: ReviewerConflict[];
}

export interface CriterionSummary {
  criterion_id: string;
  mean: number | null;
  spread: number | null;
}

export interface ReviewOverviewRow {
  submission_id: string;
  code: string;
  title: string;
  author: string;
  status: SubmissionStatus;
  assigned: number;
  submitted: number;
  abstained: number;
  mean: number | null;
  criteria: CriterionSummary[];
  recommendations: Record<Recommendation, number>;
  flagged: boolean;
}

export interface ReviewOverview {
  edition_year: number;
  criteria: ReviewCriterion[];
  submissions: ReviewOverviewRow[];
}

export interface SubmissionReview {
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  comment_for_author: string;
  comment_for_organisers: string;
  submitted_at: string | null;
}

export interface ReviewAssignmentDetail {
  reviewer_id: string;
  reviewer_name: string;
  state: 'pending' | 'draft' | 'submitted' | 'abstained';
  abstain_reason: string | null;
  review: SubmissionReview | null;
}

export interface SubmissionReviews extends ReviewOverviewRow {
  assignments: ReviewAssignmentDetail[];
  file_url: string;
}

export interface AutoAssignPlan {
  assignments: { submission_id: string; code: string; title: string; reviewer_id: string; reviewer_name: string }[];
  short: { submission_id: string; code: string; title: string; missing: number }[];
}

export interface ThresholdItem {
  submission_id: string;
  code: string;
  title: string;
  mean: number;
}

export interface ThresholdPlan {
  cutoff: number;
  accept: ThresholdItem[];
  reject: ThresholdItem[];
  without_reviews: { submission_id: string; code: string; title: string }[];
}
