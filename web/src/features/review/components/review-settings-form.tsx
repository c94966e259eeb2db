import { useId, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { DateTimeField, NumberField, RadioGroup, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { fromPacificInput, toPacificInput } from '../../../lib/pacific-time';
import { useUpdateReviewSettings } from '../api/review-queries';
import type { ReviewSettings, ReviewVisibility } from '../api/review-types';
import { criteriaOf, criterionRows, newCriterionRow, type CriterionRow } from '../review-criteria';

export const CRITERIA_LOCKED = 'The criteria cannot change once a review has been saved.';

const VISIBILITY_CHOICES: { value: ReviewVisibility; label: string }[] = [
  { value: 'after_own', label: 'After they submit their own review' },
  { value: 'never', label: 'Never' },
];

interface ReviewSettingsFormProps {
  settings: ReviewSettings;
  /** An earlier edition's: shown, not changed. */
  readOnly?: boolean;
}

/** The edition's review settings; after a save it shows what the server kept. */
export function ReviewSettingsForm({ settings, readOnly = false }: ReviewSettingsFormProps) {
  const update = useUpdateReviewSettings(settings.edition_year);
  const [deadline, setDeadline] = useState(toPacificInput(settings.deadline));
  const [perSubmission, setPerSubmission] = useState(String(settings.reviewers_per_submission));
  const [visibility, setVisibility] = useState<ReviewVisibility>(settings.visibility);
  const [rows, setRows] = useState<CriterionRow[]>(() => criterionRows(settings.criteria));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const visibilityId = useId();
  const locked = settings.criteria_locked;

  const setRow = (key: string, change: Partial<CriterionRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(undefined);
    const fields: Record<string, string[]> = {};
    const time = fromPacificInput(deadline);
    if (time === undefined) fields.deadline = ['Enter a date and time.'];
    const count = Number(perSubmission);
    if (!Number.isInteger(count) || count < 1 || count > 10) {
      fields.reviewers_per_submission = ['Enter a whole number from 1 to 10.'];
    }
    const criteria = criteriaOf(rows);
    setRowErrors('errors' in criteria ? criteria.errors : {});
    setFieldErrors(fields);
    if (Object.keys(fields).length || 'errors' in criteria) {
      setResult({ tone: 'error', text: 'Please correct the fields marked below.' });
      return;
    }
    try {
      const saved = await update.mutateAsync({
        deadline: time ?? null,
        reviewers_per_submission: count,
        visibility,
        criteria: criteria.criteria,
      });
      // New criteria have their ids now; a second save must not add them again.
      setRows(criterionRows(saved.criteria));
      setDeadline(toPacificInput(saved.deadline));
      setPerSubmission(String(saved.reviewers_per_submission));
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the review settings. Please try again.' });
      return;
    }
    setResult({ tone: 'success', text: 'The review settings were saved.' });
  };

  return (
    <form className="form edition-form review-settings-form" noValidate onSubmit={(event) => void submit(event)}>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <DateTimeField
        label="Review deadline (Pacific time)"
        hint="Empty: no deadline. After it, reviews can no longer be changed."
        value={deadline}
        disabled={readOnly}
        errors={fieldErrors.deadline}
        onChange={(event) => {
          setDeadline(event.target.value);
        }}
      />
      <NumberField
        label="Reviewers per submission"
        inputMode="numeric"
        min={1}
        max={10}
        value={perSubmission}
        disabled={readOnly}
        errors={fieldErrors.reviewers_per_submission}
        onChange={(event) => {
          setPerSubmission(event.target.value);
        }}
      />
      <RadioGroup
        legend="Reviewers see each other’s reviews"
        name="visibility"
        choices={VISIBILITY_CHOICES}
        value={visibility}
        onChange={setVisibility}
        disabled={readOnly}
      />
      <fieldset className="criteria-editor" disabled={locked || readOnly} aria-describedby={locked ? `${visibilityId}-locked` : undefined}>
        <legend>Criteria, scored 1 to 5</legend>
        {locked && (
          <p id={`${visibilityId}-locked`} className="field-hint">
            {CRITERIA_LOCKED}
          </p>
        )}
        {rowErrors.none && <p className="field-errors">{rowErrors.none}</p>}
        <ol className="review-criteria-rows">
          {rows.map((row, index) => (
            <li key={row.key} className="review-criterion-row">
              <TextField
                label={`Criterion ${index + 1}`}
                value={row.name}
                errors={rowErrors[row.key] ? [rowErrors[row.key] ?? ''] : undefined}
                onChange={(event) => {
                  setRow(row.key, { name: event.target.value });
                }}
              />
              <NumberField
                label={`Weight of criterion ${index + 1}`}
                chars={4}
                className="criterion-weight-field"
                inputMode="decimal"
                min={0}
                step="any"
                value={row.weight}
                onChange={(event) => {
                  setRow(row.key, { weight: event.target.value });
                }}
              />
              <Button
                variant="quiet"
                className="review-criterion-remove"
                onClick={() => {
                  setRows((current) => current.filter(({ key }) => key !== row.key));
                }}
              >
                Remove <span className="visually-hidden">criterion {index + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          className="criterion-add"
          onClick={() => {
            setRows((current) => [...current, newCriterionRow()]);
          }}
        >
          Add criterion
        </Button>
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save review settings'}
        </Button>
      )}
    </form>
  );
}
