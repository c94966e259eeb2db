/**
 * The review form's values and the checks made before a review is submitted.
 * The server checks the same (422 with `fields`); checking here first puts
 * the reviewer on the first missing answer without a round trip.
 */
import type { FieldErrors } from '../../lib/api-client';
import type { OwnReview, Recommendation, ReviewForm, ReviewInput } from './api/types';

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  accept: 'Accept',
  weak_accept: 'Weak accept',
  weak_reject: 'Weak reject',
  reject: 'Reject',
};

const FORMAT_LABELS: Readonly<Record<string, string>> = {
  talk: 'Talk',
  poster: 'Poster',
  either: 'Talk or poster',
  virtual: 'Virtual',
};

/** The preferred format as read ('either' is 'Talk or poster'); the API's word for one this list lacks. */
export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format;
}

/** The longest comment the server keeps (contract: ≤ 5,000 characters). */
export const COMMENT_LIMIT = 5000;

export const SCORE_MISSING = 'Choose a score.';
export const RECOMMENDATION_MISSING = 'Choose a recommendation.';

/** The field name of a criterion's score in the server's `fields`. */
export function scoreField(criterionId: string): string {
  return `scores.${criterionId}`;
}

/** The form's starting values: the saved review, or an empty one. */
export function inputOf(review: OwnReview | null): ReviewInput {
  return {
    scores: { ...(review?.scores ?? {}) },
    recommendation: review?.recommendation ?? null,
    comment_for_author: review?.comment_for_author ?? '',
    comment_for_organisers: review?.comment_for_organisers ?? '',
  };
}

/** Every score in the scale, low to high: 1, 2, 3, 4, 5. */
export function scaleOf(form: ReviewForm): number[] {
  const scores: number[] = [];
  for (let score = form.scale.min; score <= form.scale.max; score += 1) scores.push(score);
  return scores;
}

/**
 * What a review still lacks before it can be submitted, by field, in the
 * form's order (criteria first, then the recommendation); empty when complete.
 */
export function missingAnswers(form: ReviewForm, input: ReviewInput): FieldErrors {
  const fields: Record<string, string[]> = {};
  for (const { id } of form.criteria) {
    if (input.scores[id] === undefined) fields[scoreField(id)] = [SCORE_MISSING];
  }
  if (!input.recommendation) fields.recommendation = [RECOMMENDATION_MISSING];
  for (const name of ['comment_for_author', 'comment_for_organisers'] as const) {
    if (input[name].length > COMMENT_LIMIT) {
      fields[name] = [`Shorten the comment to ${COMMENT_LIMIT.toLocaleString('en-US')} characters.`];
    }
  }
  return fields;
}

/** The first field with an error, in the form's order, so that focus goes there. */
export function firstErrorField(form: ReviewForm, fields: FieldErrors): string | undefined {
  const order = [
    ...form.criteria.map(({ id }) => scoreField(id)),
    'recommendation',
    'comment_for_author',
    'comment_for_organisers',
  ];
  return order.find((name) => fields[name]?.length) ?? Object.keys(fields).find((name) => fields[name]?.length);
}
