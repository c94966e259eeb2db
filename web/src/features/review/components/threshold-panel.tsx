import { useId, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { CheckboxField, NumberField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { useDecideByThreshold, useThresholdPreview } from '../api/review-queries';
import type { ThresholdPlan } from '../api/review-types';
import { formatMean } from '../review-overview-sort';
import { PlanActions } from './plan-actions';
import { usePlan } from './use-plan';

/** A cut-off as typed, or why it cannot be used. */
export function parseCutoff(text: string): number | string {
  const value = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(value)) return 'Enter a mean score, e.g. 3.5.';
  if (value < 0 || value > 100) return 'Enter a mean score on the review scale.';
  return value;
}

function PlanList({ title, items }: { title: string; items: { submission_id: string; code: string; title: string; mean?: number }[] }) {
  const id = useId();
  return (
    <div className="review-plan-list">
      <h4 id={id}>{title}</h4>
      {items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul aria-labelledby={id}>
          {items.map((item) => (
            <li key={item.submission_id}>
              {item.code} {item.title}
              {item.mean !== undefined && <span className="review-muted"> (mean {formatMean(item.mean)})</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Decide by threshold: a mean cut-off, the list it would accept and reject
 * (undecided submissions only), then a confirmation that sends the usual
 * decision e-mails, with the reviewers' comments for the author if ticked.
 */
export function ThresholdPanel({ year }: { year: number }) {
  const preview = useThresholdPreview(year);
  const decide = useDecideByThreshold(year);
  const [cutoff, setCutoff] = useState('');
  const [cutoffError, setCutoffError] = useState<string | null>(null);
  const [includeComments, setIncludeComments] = useState(false);
  const { plan, setPlan, result, setResult, planRef, resultRef, preview: showPlan, save } = usePlan<ThresholdPlan>();
  const headingId = useId();
  const cutoffRef = useRef<HTMLInputElement>(null);
  const confirm = useConfirm();

  const showPreview = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const parsed = parseCutoff(cutoff);
    if (typeof parsed === 'string') {
      setCutoffError(parsed);
      cutoffRef.current?.focus();
      return;
    }
    setCutoffError(null);
    await showPlan(() => preview.mutateAsync(parsed), 'Failed to preview the decisions. Please try again.');
  };

  const decidePlan = async (confirmed: ThresholdPlan) => {
    const question =
      `Accept ${confirmed.accept.length} and reject ${confirmed.reject.length} ` +
      `${confirmed.accept.length + confirmed.reject.length === 1 ? 'submission' : 'submissions'}? ` +
      `Each author is e-mailed the decision${includeComments ? ' with the reviewers’ comments' : ''}.`;
    if (!(await confirm({ title: 'Decide by threshold', message: question, confirmLabel: 'Send the decisions' }))) return;
    await save(async () => {
      const { accepted, rejected } = await decide.mutateAsync({ plan: confirmed, includeComments });
      return `${accepted} accepted and ${rejected} rejected. The authors were e-mailed.`;
    }, 'Failed to save the decisions. Please try again.');
  };

  const decidable = plan ? plan.accept.length + plan.reject.length : 0;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Decide by threshold</h2>
      <p>
        Accept every undecided submission whose mean reaches the cut-off and reject the others. Submissions without a
        submitted review stay undecided.
      </p>
      <div ref={resultRef} tabIndex={-1}>
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      </div>
      <form className="form threshold-form" noValidate onSubmit={(event) => void showPreview(event)}>
        <NumberField
          ref={cutoffRef}
          label="Cut-off (mean score)"
          chars={4}
          inputMode="decimal"
          step="0.01"
          value={cutoff}
          errors={cutoffError ? [cutoffError] : undefined}
          onChange={(event) => {
            setCutoff(event.target.value);
            setPlan(null);
          }}
        />
        <Button type="submit" variant="secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Previewing...' : 'Preview decisions'}
        </Button>
      </form>
      {plan && (
        <div className="review-plan">
          <h3 ref={planRef} tabIndex={-1}>
            At a cut-off of {plan.cutoff}
          </h3>
          <div className="review-plan-lists">
            <PlanList title={`Accepted (${plan.accept.length})`} items={plan.accept} />
            <PlanList title={`Rejected (${plan.reject.length})`} items={plan.reject} />
            <PlanList title={`Left undecided, no reviews (${plan.without_reviews.length})`} items={plan.without_reviews} />
            {plan.own.length > 0 && (
              <PlanList
                title={`Left for another admin, your own (${plan.own.length})`}
                items={plan.own}
              />
            )}
          </div>
          <CheckboxField
            label="Send the reviewers’ comments for the author"
            checked={includeComments}
            onChange={(event) => {
              setIncludeComments(event.target.checked);
            }}
          />
          <PlanActions
            confirm={
              decidable > 0
                ? {
                    label: 'Confirm decisions',
                    busyLabel: 'Deciding...',
                    busy: decide.isPending,
                    onClick: () => void decidePlan(plan),
                  }
                : undefined
            }
            cancelLabel="Cancel"
            onCancel={() => {
              setPlan(null);
            }}
          />
        </div>
      )}
    </section>
  );
}
