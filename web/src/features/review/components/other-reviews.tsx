import { useId } from 'react';

import type { OtherReview, ReviewForm } from '../api/types';
import { RECOMMENDATION_LABELS } from '../review-values';

interface OtherReviewsProps {
  reviews: OtherReview[];
  form: ReviewForm;
}

/** The other reviewers' reviews, when the edition shows them (never with names). */
export function OtherReviews({ reviews, form }: OtherReviewsProps) {
  const headingId = useId();
  return (
    <section className="card other-reviews" aria-labelledby={headingId}>
      <h2 id={headingId}>Other reviews</h2>
      {reviews.length === 0 && <p>No other review has been submitted yet.</p>}
      {reviews.map((review) => (
        <article key={review.reviewer} className="other-review" aria-label={review.reviewer}>
          <h3>{review.reviewer}</h3>
          <dl className="score-list">
            {form.criteria.map((criterion) => (
              <div key={criterion.id}>
                <dt>{criterion.name}</dt>
                <dd>{review.scores[criterion.id] ?? '—'}</dd>
              </div>
            ))}
            <div>
              <dt>Recommendation</dt>
              <dd>{review.recommendation ? RECOMMENDATION_LABELS[review.recommendation] : '—'}</dd>
            </div>
          </dl>
          {review.comment_for_author && <p className="review-comment">{review.comment_for_author}</p>}
        </article>
      ))}
    </section>
  );
}
