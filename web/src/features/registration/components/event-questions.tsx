import { useId, useState, type SubmitEvent } from 'react';

import { Button, FormActions } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { CheckboxField, TextField } from '../../../components/field';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import type { Notice } from '../../admin';
import {
  useAddQuestion,
  useChangeQuestion,
  useMoveQuestion,
  useRetireQuestion,
  type AdminEvent,
  type AdminQuestion,
  type MoveDirection,
  type QuestionText,
} from '../api/events';

/** The most questions an event asks at once (the server's bound). */
export const MAX_QUESTIONS = 10;

interface QuestionFormProps {
  initial?: QuestionText;
  submitLabel: string;
  busy: boolean;
  errors: FieldErrors;
  onSubmit: (question: QuestionText) => void;
  onCancel?: () => void;
}

/** A question's wording and whether it needs an answer. */
function QuestionForm({ initial, submitLabel, busy, errors, onSubmit, onCancel }: QuestionFormProps) {
  const [label, setLabel] = useState(initial?.label ?? '');
  const [required, setRequired] = useState(initial?.required ?? false);
  const submit = (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    if (!label.trim()) return;
    onSubmit({ label: label.trim(), required });
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Question"
        hint="Answered in free text, up to 1,000 characters."
        maxLength={200}
        value={label}
        errors={errors.label}
        onChange={(change) => {
          setLabel(change.target.value);
        }}
      />
      <CheckboxField
        label="An answer is required"
        hint="Presenters, registered when they confirm, answer on their page when they like."
        checked={required}
        onChange={(change) => {
          setRequired(change.target.checked);
        }}
      />
      <FormActions className="admin-form-actions" onCancel={onCancel}>
        <Button type="submit" variant="secondary" disabled={busy || !label.trim()}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}

/**
 * The event's own questions, asked after the fixed ones: add, reword,
 * require, reorder, retire (retired ones keep their answers, in the CSV).
 */
export function EventQuestions({ event, onNotice }: { event: AdminEvent; onNotice: (notice: Notice) => void }) {
  const add = useAddQuestion();
  const change = useChangeQuestion();
  const move = useMoveQuestion();
  const retire = useRetireQuestion();
  const confirm = useConfirm();
  const headingId = useId();
  const [editing, setEditing] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  // Remounts the add form once a question is added, emptying it.
  const [added, setAdded] = useState(0);
  const live = event.questions.filter((question) => !question.retired);
  const retired = event.questions.filter((question) => question.retired);
  const busy = add.isPending || change.isPending || move.isPending || retire.isPending;

  const attempt = async (action: () => Promise<unknown>, success: string, fallback: string) => {
    setErrors({});
    try {
      await action();
      onNotice({ tone: 'success', text: success });
      return true;
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      onNotice({ tone: 'error', text: refusalMessage(error) ?? fallback });
      return false;
    }
  };

  const moveOne = (question: AdminQuestion, direction: MoveDirection) =>
    void attempt(
      () => move.mutateAsync({ slug: event.slug, id: question.id, direction }),
      `“${question.label}” is asked ${direction === 'up' ? 'earlier' : 'later'} now.`,
      'Failed to move the question. Please try again.',
    );

  const retireOne = async (question: AdminQuestion) => {
    const sure = await confirm({
      title: 'Retire the question',
      message: `Stop asking “${question.label}”? The answers already given stay in the list and the CSV.`,
      confirmLabel: 'Retire the question',
      cancelLabel: 'Keep asking it',
      tone: 'danger',
    });
    if (!sure) return;
    await attempt(
      () => retire.mutateAsync({ slug: event.slug, id: question.id }),
      `“${question.label}” is no longer asked.`,
      'Failed to retire the question. Please try again.',
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Questions</h3>
      <p>
        Asked after how people attend, lunch, and dietary and access needs, in this order. Presenters, registered when
        they confirm, answer them on their page.
      </p>
      {live.length === 0 ? (
        <p>No questions of its own yet.</p>
      ) : (
        <ol>
          {live.map((question, index) =>
            editing === question.id ? (
              <li key={question.id}>
                <QuestionForm
                  initial={question}
                  submitLabel="Save the Question"
                  busy={busy}
                  errors={errors}
                  onCancel={() => {
                    setEditing(undefined);
                    setErrors({});
                  }}
                  onSubmit={(text) =>
                    void attempt(
                      () => change.mutateAsync({ slug: event.slug, id: question.id, question: text }),
                      `“${text.label}” is saved.`,
                      'Failed to save the question. Please try again.',
                    ).then((saved) => {
                      if (saved) setEditing(undefined);
                    })
                  }
                />
              </li>
            ) : (
              <li key={question.id}>
                {question.label} {question.required ? '(required)' : '(optional)'}{' '}
                <span className="registration-waiting-moves">
                  <Button
                    variant="quiet"
                    aria-label={`Change “${question.label}”`}
                    disabled={busy}
                    onClick={() => {
                      setErrors({});
                      setEditing(question.id);
                    }}
                  >
                    Change
                  </Button>
                  <Button
                    variant="quiet"
                    aria-label={`Move “${question.label}” up`}
                    disabled={busy || index === 0}
                    onClick={() => {
                      moveOne(question, 'up');
                    }}
                  >
                    Up
                  </Button>
                  <Button
                    variant="quiet"
                    aria-label={`Move “${question.label}” down`}
                    disabled={busy || index === live.length - 1}
                    onClick={() => {
                      moveOne(question, 'down');
                    }}
                  >
                    Down
                  </Button>
                  <Button
                    variant="quiet"
                    aria-label={`Retire “${question.label}”`}
                    disabled={busy}
                    onClick={() => void retireOne(question)}
                  >
                    Retire
                  </Button>
                </span>
              </li>
            ),
          )}
        </ol>
      )}
      {retired.length > 0 && (
        <p>Retired, their answers kept: {retired.map((question) => `“${question.label}”`).join(', ')}.</p>
      )}
      {live.length < MAX_QUESTIONS ? (
        editing === undefined && (
          <QuestionForm
            key={added}
            submitLabel="Add the Question"
            busy={busy}
            errors={errors}
            onSubmit={(text) =>
              void attempt(
                () => add.mutateAsync({ slug: event.slug, question: text }),
                `“${text.label}” is asked now.`,
                'Failed to add the question. Please try again.',
              ).then((saved) => {
                if (saved) setAdded((n) => n + 1);
              })
            }
          />
        )
      ) : (
        <p>{`The event asks ${String(MAX_QUESTIONS)} questions, as many as it may: retire one to add another.`}</p>
      )}
    </section>
  );
}
