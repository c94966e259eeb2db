import { useId } from 'react';

import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useReviewOverview, useReviewSettings } from '../api/review-queries';
import { AdminPage } from './admin-page';
import { AutoAssignPanel } from './auto-assign-panel';
import { ReviewOverviewTable } from './review-overview-table';
import { ReviewSettingsForm } from './review-settings-form';
import { ReviewersSection } from './reviewers-section';
import { ThresholdPanel } from './threshold-panel';
import './reviews.css';

/** /user-data/reviews: the scores of every submission, the tools that act on them, and the review settings. */
export function ReviewsPage() {
  const overview = useReviewOverview();
  const settings = useReviewSettings();
  const scoresId = useId();
  const settingsId = useId();

  return (
    <AdminPage title={routes.userDataReviews.title}>
      <section aria-labelledby={scoresId}>
        <h2 id={scoresId}>Scores</h2>
        {overview.isPending && <PageLoading label="Loading the reviews…" />}
        {overview.isError && (
          <FormMessage tone="error">
            {refusalMessage(overview.error) ?? 'Failed to load the reviews. Please try again.'}
          </FormMessage>
        )}
        {overview.data && <ReviewOverviewTable overview={overview.data} />}
      </section>
      <div className="admin-review-tools">
        <AutoAssignPanel reviewersPerSubmission={settings.data?.reviewers_per_submission} />
        <ThresholdPanel />
      </div>
      <ReviewersSection />
      <section className="card" aria-labelledby={settingsId}>
        <h2 id={settingsId}>Review settings</h2>
        {settings.isPending && <p>Loading the settings…</p>}
        {settings.isError && (
          <FormMessage tone="error">
            {refusalMessage(settings.error) ?? 'Failed to load the review settings. Please try again.'}
          </FormMessage>
        )}
        {settings.data && (
<ReviewSettingsForm key={settings.data.edition_year} settings={settings.data} />
        )}
      </section>
    </AdminPage>
  );
}
