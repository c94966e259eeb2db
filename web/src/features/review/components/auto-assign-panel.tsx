import { useId } from 'react';

import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-message';
import { useAutoAssign, useAutoAssignPreview } from '../api/review-queries';
import type { AutoAssignPlan } from '../api/review-types';
import { PlanActions } from './plan-actions';
import { usePlan } from './use-plan';

interface AutoAssignPanelProps {
  /** The edition whose submissions it assigns. */
  year: number;
  reviewersPerSubmission: number | undefined;
}

/**
 * Assign automatically: a preview of what would be assigned (nothing is
 * saved), then a confirmation that saves exactly that list. The server
 * checks each assignment again and saves none if one has become impossible.
 */
export function AutoAssignPanel({ year, reviewersPerSubmission }: AutoAssignPanelProps) {
  const preview = useAutoAssignPreview(year);
  const assign = useAutoAssign(year);
  const { plan, setPlan, result, planRef, resultRef, preview: showPlan, save } = usePlan<AutoAssignPlan>();
  const headingId = useId();

  const showPreview = () =>
    showPlan(() => preview.mutateAsync(), 'Failed to preview the assignments. Please try again.');

  const confirm = (confirmed: AutoAssignPlan) =>
    save(async () => {
      const { assigned } = await assign.mutateAsync(confirmed);
      return `${assigned} ${assigned === 1 ? 'assignment was' : 'assignments were'} saved. The reviewers were e-mailed.`;
    }, 'Failed to save the assignments. Please try again.');

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Assign automatically</h2>
      <p>
        Gives every undecided submission {reviewersPerSubmission ?? 'its'} reviewer
        {reviewersPerSubmission === 1 ? '' : 's'}, keeping what is assigned, never across a conflict, and spreading the
        load evenly. You see the result before anything is saved.
      </p>
      <div ref={resultRef} tabIndex={-1}>
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      </div>
      <Button variant="secondary"
        disabled={preview.isPending}
        onClick={() => void showPreview()}
      >
        {preview.isPending ? 'Previewing...' : 'Preview assignments'}
      </Button>
      {plan && (
        <div className="review-plan">
          <h3 ref={planRef} tabIndex={-1}>
            {plan.assignments.length === 0
              ? 'Nothing to assign'
              : `${plan.assignments.length} new ${plan.assignments.length === 1 ? 'assignment' : 'assignments'}`}
          </h3>
          {plan.assignments.length === 0 && <p>Every submission has its reviewers, or none can take it.</p>}
          {plan.assignments.length > 0 && (
            <DataTable caption="Assignments to save">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Title</th>
                  <th scope="col">Reviewer</th>
                </tr>
              </thead>
              <tbody>
                {plan.assignments.map((row) => (
                  <tr key={`${row.submission_id} ${row.reviewer_id}`}>
                    <th scope="row">{row.code}</th>
                    <td>{row.title}</td>
                    <td>{row.reviewer_name}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {plan.short.length > 0 && <ShortList plan={plan} />}
          <PlanActions
            confirm={
              plan.assignments.length > 0
                ? {
                    label: `Confirm ${plan.assignments.length} ${plan.assignments.length === 1 ? 'assignment' : 'assignments'}`,
                    busyLabel: 'Assigning...',
                    busy: assign.isPending,
                    onClick: () => void confirm(plan),
                  }
                : undefined
            }
            cancelLabel={plan.assignments.length > 0 ? 'Cancel' : 'Close'}
            onCancel={() => {
              setPlan(null);
            }}
          />
        </div>
      )}
    </section>
  );
}

type ShortCause = AutoAssignPlan['short'][number]['cause'];

/** Why submissions stay short, in the admin's words: each cause has its own remedy. */
function shortReason(cause: ShortCause, plan: AutoAssignPlan): string {
  switch (cause) {
    case 'too_few_reviewers':
      return `Not enough reviewers: the edition has ${plan.reviewer_count} ${plan.reviewer_count === 1 ? 'reviewer' : 'reviewers'} and each submission needs ${plan.reviewers_per_submission}. Give more people the reviewer role, or lower the number of reviewers per submission.`;
    case 'conflicts':
      return 'Conflicts leave too few reviewers for these:';
    case 'abstentions':
      return 'Too few reviewers are left for these after abstentions:';
  }
}

/** The submissions the plan cannot fill, grouped by cause. */
function ShortList({ plan }: { plan: AutoAssignPlan }) {
  const causes = [...new Set(plan.short.map((row) => row.cause))];
  return (
    <>
      {causes.map((cause) => (
        <div key={cause}>
          <p>{shortReason(cause, plan)}</p>
          <ul>
            {plan.short
              .filter((row) => row.cause === cause)
              .map((row) => (
                <li key={row.submission_id}>
                  {row.code} {row.title}: {row.missing} {row.missing === 1 ? 'reviewer' : 'reviewers'} missing
                </li>
              ))}
          </ul>
        </div>
      ))}
    </>
  );
}
