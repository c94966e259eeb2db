import { useId } from 'react';
import { useParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useReview } from '../api/get-review';
import type { ReviewDetail } from '../api/types';
import { formatLabel } from '../review-values';
import { OtherReviews } from './other-reviews';
import { ReviewForm } from './review-form';
import './review.css';

/** /review/:code: the abstract's PDF beside the review form (stacked on a phone). */
export function ReviewSubmissionPage() {
  const { code = '' } = useParams();
  const review = useReview(code);

  if (review.isPending) {
    return (
      <Page title={`Review ${code}`} className="review-page">
        <PageLoading label="Loading the abstract…" />
      </Page>
    );
  }
  if (review.isError) {
    const notAssigned = review.error instanceof ApiError && review.error.status === 404;
    return (
      <Page title={`Review ${code}`} className="review-page">
        <FormMessage tone="error">
          {notAssigned
            ? 'This abstract is not assigned to you.'
            : (refusalMessage(review.error) ?? 'Failed to load the abstract. Please try again.')}
        </FormMessage>
      </Page>
    );
  }
  return <ReviewScreen key={code} detail={review.data} />;
}

function ReviewScreen({ detail }: { detail: ReviewDetail }) {
  const pdfHeadingId = useId();
  return (
    <Page title={`Review ${detail.code}`} className="review-page">
      <p className="review-title">{detail.title}</p>
      <dl className="review-assignment-facts">
        <div>
          <dt>Keywords</dt>
          <dd>{detail.keywords.length ? detail.keywords.join(', ') : 'none'}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{formatLabel(detail.preferred_format)}</dd>
        </div>
        {detail.word_count !== null && (
          <div>
            <dt>Words</dt>
            <dd>{detail.word_count}</dd>
          </div>
        )}
      </dl>
      {detail.flags.map((flag) => (
        <FormMessage key={flag} tone="info">
          {flag}
        </FormMessage>
      ))}
      <div className="review-layout">
        <section className="review-pdf" aria-labelledby={pdfHeadingId}>
          <h2 id={pdfHeadingId}>Abstract</h2>
          <iframe className="review-pdf-frame" src={detail.file_url} title={`Abstract ${detail.code} (PDF)`} />
          <p>
            <a href={detail.file_url} download={`${detail.code}.pdf`}>
              Download {detail.code}.pdf
            </a>
          </p>
        </section>
        <section className="review-panel" aria-label="Your review">
          <h2>Your review</h2>
          <ReviewForm detail={detail} />
          {detail.others && <OtherReviews reviews={detail.others} form={detail.form} />}
        </section>
      </div>
    </Page>
  );
}
