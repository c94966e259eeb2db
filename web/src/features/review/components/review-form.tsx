import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../../components/button';
import { RadioGroup, TextAreaField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/routes';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { useFocusAfterRender } from '../../../hooks/use-focus-after-render';
import { formatConferenceTime } from '../../../lib/format';
import { useSaveReview, useSubmitReview } from '../api/save-review';
import type { ReviewDetail, ReviewInput } from '../api/types';
import { reviewPath } from '../review-path';
import {
  COMMENT_LIMIT,
  firstErrorField,
  inputOf,
  missingAnswers,
  RECOMMENDATION_LABELS,
  scaleOf,
  scoreField,
} from '../review-values';
import { useAutosave, type AutosaveStatus } from '../use-autosave';
import { AbstainForm } from './abstain-form';

interface ReviewFormProps {
  detail: ReviewDetail;
}

function autosaveText(status: AutosaveStatus, error: unknown, submitted: boolean): string {
  switch (status) {
    case 'idle':
    case 'unsaved':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      // A submitted review changes only on Update review: this was a draft.
      return submitted ? 'Draft saved, not yet submitted' : 'Saved';
    case 'error':
      return refusalMessage(error) ?? 'Your changes could not be saved. They will be tried again with your next change.';
  }
}

/**
 * The review form of one submission: scores, recommendation and the two
 * comments. Every change is saved as a draft a moment later; Submit review
 * sends the whole review and says what is missing; Save & next saves and
 * opens the next unfinished one. Read-only after the deadline.
 */
export function ReviewForm({ detail }: ReviewFormProps) {
  const { code, form, open } = detail;
  const navigate = useNavigate();
  const save = useSaveReview();
  const submit = useSubmitReview();
  const [input, setInput] = useState<ReviewInput>(() => inputOf(detail.review));
  const [submittedAt, setSubmittedAt] = useState(detail.review?.submitted_at ?? null);
  // Changes saved since the review was submitted, which the organisers do not see yet.
  const [editedAt, setEditedAt] = useState(detail.review?.edited_at ?? null);
  const [checkErrors, setCheckErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [abstaining, setAbstaining] = useState(false);
  const [moving, setMoving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const abstainRef = useRef<HTMLButtonElement>(null);

  const saveDraft = useCallback(
    async (draft: ReviewInput) => {
      const answer = await save.mutateAsync({ code, input: draft });
      setEditedAt(answer.review?.edited_at ?? null);
    },
    [save, code],
  );
  const autosave = useAutosave(saveDraft);

  const serverErrors = submit.error instanceof ApiError ? submit.error.fields : {};
  const errors: FieldErrors = { ...serverErrors, ...checkErrors };

  const fieldElement = (name: string | undefined) => {
    const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    return Array.from(fields).find((element) => element.dataset.field === name);
  };
  const focusField = (name: string | undefined) => {
    fieldElement(name)?.focus();
  };
  const focusAfterRender = useFocusAfterRender();

  const update = (next: ReviewInput) => {
    setInput(next);
    if (Object.keys(checkErrors).length) setCheckErrors(missingAnswers(form, next));
    autosave.changed(next);
  };

  const setScore = (criterionId: string, score: number) => {
    update({ ...input, scores: { ...input.scores, [criterionId]: score } });
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setResult(null);
    const missing = missingAnswers(form, input);
    setCheckErrors(missing);
    if (Object.keys(missing).length) {
      focusField(firstErrorField(form, missing));
      return;
    }
    // The submit carries these values: a draft save of them after it would be wasted.
    autosave.discard();
    try {
      const answer = await submit.mutateAsync({ code, input });
      setSubmittedAt(answer.review?.submitted_at ?? new Date().toISOString());
      setEditedAt(null);
      setResult({ tone: 'success', text: `Your review of ${code} was submitted. You can edit it until the deadline.` });
      focusAfterRender(() => resultRef.current);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const first = firstErrorField(form, fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Failed to submit the review. Please try again.' });
      focusAfterRender(() => (first ? fieldElement(first) : resultRef.current));
    }
  };

  const saveAndNext = async () => {
    setMoving(true);
    try {
      await autosave.flush();
    } catch {
      setMoving(false);
      return; // the autosave status says why
    }
    await navigate(detail.next_code ? reviewPath(detail.next_code) : paths.review);
  };

  const status = autosaveText(autosave.status, autosave.error, Boolean(submittedAt));
  const unsubmittedChanges =
    Boolean(submittedAt) && (Boolean(editedAt) || autosave.status === 'unsaved' || autosave.status === 'saving');

  return (
    <>
      <form ref={formRef} className="form review-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Review">
        {!open && (
          <FormMessage tone="info">The review deadline has passed. This review can no longer be changed.</FormMessage>
        )}
        <fieldset className="review-fields" disabled={!open}>
          <legend className="visually-hidden">Your review of {code}</legend>
          {form.criteria.map((criterion) => (
            <RadioGroup
              key={criterion.id}
              legend={criterion.name}
              hint={`${form.scale.min} is the lowest, ${form.scale.max} the highest.`}
              name={criterion.id}
              choices={scaleOf(form).map((score) => ({ value: String(score), label: String(score) }))}
              value={input.scores[criterion.id]?.toString()}
              onChange={(value) => {
                setScore(criterion.id, Number(value));
              }}
              errors={errors[scoreField(criterion.id)]}
              field={scoreField(criterion.id)}
              look="scale"
              className="field-group"
            />
          ))}
          <RadioGroup
            legend="Recommendation"
            name="recommendation"
            choices={form.recommendations.map((value) => ({ value, label: RECOMMENDATION_LABELS[value] }))}
            value={input.recommendation ?? undefined}
            onChange={(value) => {
              update({ ...input, recommendation: value });
            }}
            errors={errors.recommendation}
            field="recommendation"
            look="pills"
            className="field-group"
          />
          <TextAreaField
            data-field="comment_for_author"
            label="Comment for the author"
            hint="Optional. The organisers may send it to the author with the decision."
            rows={5}
            maxLength={COMMENT_LIMIT}
            value={input.comment_for_author}
            errors={errors.comment_for_author}
            onChange={(event) => {
              update({ ...input, comment_for_author: event.target.value });
            }}
          />
          <TextAreaField
            data-field="comment_for_organisers"
            label="Confidential comment for the organisers"
            hint="Optional. Only the organisers read it."
            rows={4}
            maxLength={COMMENT_LIMIT}
            value={input.comment_for_organisers}
            errors={errors.comment_for_organisers}
            onChange={(event) => {
              update({ ...input, comment_for_organisers: event.target.value });
            }}
          />
        </fieldset>
        {/* Always in the page, so that screen readers hear "Saved" when it changes. */}
        <p className="review-autosave-status" role="status">
          {status}
        </p>
        {submittedAt && !result && (
          <p className="review-submitted-at">Submitted {formatConferenceTime(submittedAt)}.</p>
        )}
        {open && unsubmittedChanges && (
          <FormMessage tone="info">
            Your changes are a draft: the organisers see your submitted review until you press Update review.
          </FormMessage>
        )}
        {result && (
          <div ref={resultRef} tabIndex={-1} className="review-result">
            <FormMessage tone={result.tone}>{result.text}</FormMessage>
          </div>
        )}
        {open && (
          <div className="button-row">
            <SubmitButton busy={submit.isPending} busyLabel="Submitting...">
              {submittedAt ? 'Update review' : 'Submit review'}
            </SubmitButton>
            <Button variant="secondary" disabled={moving} onClick={() => void saveAndNext()}>
              Save &amp; next
            </Button>
            {!submittedAt && !abstaining && (
              <Button
                ref={abstainRef}
                variant="secondary"
                onClick={() => {
                  setAbstaining(true);
                }}
              >
                Abstain
              </Button>
            )}
          </div>
        )}
      </form>
      {abstaining && (
        <AbstainForm
          code={code}
          onCancel={() => {
            setAbstaining(false);
            focusAfterRender(() => abstainRef.current);
          }}
          onAbstained={() => {
            autosave.discard();
            void navigate(paths.review, { state: { message: `You abstained from ${code}.` } });
          }}
        />
      )}
    </>
  );
}
