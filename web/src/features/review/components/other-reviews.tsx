import { useId } from 'react';

import type { OtherReview, ReviewForm } from '../api/types';
import { ScoreList } from './score-list';

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
        <article key={review.reviewer} className="review-other-review" aria-label={review.reviewer}>
          <h3>{review.reviewer}</h3>
          <ScoreList criteria={form.criteria} scores={review.scores} recommendation={review.recommendation} />
          {review.comment_for_author && <p className="review-comment">{review.comment_for_author}</p>}
        </article>
      ))}
    </section>
  );
}
