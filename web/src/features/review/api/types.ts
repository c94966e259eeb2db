/**
 * The reviewer API's shapes (issue 14, REVIEW-CONTRACT.md). Written from the
 * contract until the server's OpenAPI types exist; then these become aliases
 * of the generated ones.
 */
export type PreferredFormat = 'talk' | 'poster' | 'either' | 'virtual';
export type Recommendation = 'accept' | 'weak_accept' | 'weak_reject' | 'reject';
export type AssignmentState = 'pending' | 'draft' | 'submitted';

export interface ReviewAssignment {
  code: string;
  title: string;
  keywords: string[];
  preferred_format: PreferredFormat;
  state: AssignmentState;
}

export interface ReviewerHome {
  edition_year: number;
  deadline: string | null;
  open: boolean;
  assigned: number;
  reviewed: number;
  assignments: ReviewAssignment[];
}

export interface Criterion {
  id: string;
  name: string;
  weight: number;
}

export interface ReviewForm {
  criteria: Criterion[];
  scale: { min: number; max: number };
  recommendations: Recommendation[];
}

export interface OwnReview {
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  comment_for_author: string;
  comment_for_organisers: string;
  state: 'draft' | 'submitted';
  saved_at: string;
  submitted_at: string | null;
}

export interface OtherReview {
  reviewer: string;
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  comment_for_author: string;
}

export interface ReviewDetail {
  code: string;
  title: string;
  keywords: string[];
  preferred_format: PreferredFormat;
  word_count: number | null;
  flags: string[];
  file_url: string;
  deadline: string | null;
  open: boolean;
  form: ReviewForm;
  review: OwnReview | null;
  others: OtherReview[] | null;
  next_code: string | null;
}

export interface ReviewInput {
  scores: Record<string, number>;
  recommendation: Recommendation | null;
  comment_for_author: string;
  comment_for_organisers: string;
}

export interface Conflict {
  id: string;
  name: string | null;
  email: string | null;
  added_by_admin: boolean;
}

export interface ConflictInput {
  name: string | null;
  email: string | null;
}
