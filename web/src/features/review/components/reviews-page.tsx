import { useId } from 'react';

import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { AdminPage } from '../../admin';
import { EditionPicker, useChosenEdition } from '../../editions';
import { useReviewOverview, useReviewSettings } from '../api/review-queries';
import { AutoAssignPanel } from './auto-assign-panel';
import { ReviewOverviewTable } from './review-overview-table';
import { ReviewSettingsForm } from './review-settings-form';
import { ReviewersSection } from './reviewers-section';
import { ThresholdPanel } from './threshold-panel';
import './reviews.css';

/**
 * /user-data/reviews: the scores of every submission, the tools that act on
 * them, and the review settings, of the edition the picker shows
 * (`?edition=`, else the current one).
 */
export function ReviewsPage() {
  const edition = useChosenEdition();
  const { year } = edition;
  // An earlier edition's reviews are read, not changed (the server refuses with 409).
  const earlier = year !== undefined && edition.current !== undefined && year !== edition.current;
  const overview = useReviewOverview(year);
  const settings = useReviewSettings(year);
  const scoresId = useId();
  const settingsId = useId();

  return (
    <AdminPage title={routes.userDataReviews.title}>
      <EditionPicker
        edition={edition}
        hint={year === undefined ? undefined : `The scores, assignments and settings below are SCULC ${String(year)}’s.`}
      />
      <section aria-labelledby={scoresId}>
        <h2 id={scoresId}>Scores</h2>
        {year === undefined && edition.editions.isError && (
          <FormMessage tone="error">
            {refusalMessage(edition.editions.error) ?? 'Failed to load the editions. Please try again.'}
          </FormMessage>
        )}
        {((year === undefined && !edition.editions.isError) || (year !== undefined && overview.isPending)) && (
          <PageLoading label="Loading the reviews…" />
        )}
        {overview.isError && (
          <FormMessage tone="error">
            {refusalMessage(overview.error) ?? 'Failed to load the reviews. Please try again.'}
          </FormMessage>
        )}
        {overview.data && <ReviewOverviewTable overview={overview.data} />}
      </section>
      {earlier && (
        <FormMessage tone="info">
          SCULC {year} is not the current edition: its reviews can be read, not changed.
        </FormMessage>
      )}
      {year !== undefined && !earlier && (
        // Keyed by the edition: a preview of one edition's plan never stays on another's.
        <div key={`tools-${String(year)}`} className="review-tools">
          <AutoAssignPanel year={year} reviewersPerSubmission={settings.data?.reviewers_per_submission} />
          <ThresholdPanel year={year} />
        </div>
      )}
      {year !== undefined && <ReviewersSection key={`reviewers-${String(year)}`} year={year} />}
      <section className="card" aria-labelledby={settingsId}>
        <h2 id={settingsId}>Review settings</h2>
        {(year === undefined || settings.isPending) && <p>Loading the settings…</p>}
        {settings.isError && (
          <FormMessage tone="error">
            {refusalMessage(settings.error) ?? 'Failed to load the review settings. Please try again.'}
          </FormMessage>
        )}
        {settings.data && (
<ReviewSettingsForm key={settings.data.edition_year} settings={settings.data} readOnly={earlier} />
        )}
      </section>
    </AdminPage>
  );
}
