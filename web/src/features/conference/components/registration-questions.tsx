import { useState, type SubmitEvent } from 'react';

import type { EventView } from '../../../api/types';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import type { QuestionAnswer } from '../api/registration';

type Question = EventView['questions'][number];

/** Where the server puts the refusal of one question's answer. */
export function answerField(questionId: string): string {
  return `questions.${questionId}`;
}

/** The answers as the API takes them: one per question asked, empty when unanswered. */
export function answersOf(questions: readonly Question[], answers: Readonly<Record<string, string>>): QuestionAnswer[] {
  return questions.map((question) => ({ question_id: question.id, answer: answers[question.id] ?? '' }));
}

interface QuestionFieldsProps {
  questions: readonly Question[];
  answers: Readonly<Record<string, string>>;
  onChange: (questionId: string, answer: string) => void;
  errors?: FieldErrors | undefined;
}

/** A text area per question of the event, in the order they are asked; the optional ones say so. */
export function QuestionFields({ questions, answers, onChange, errors }: QuestionFieldsProps) {
  return questions.map((question) => (
    <TextAreaField
      key={question.id}
      label={question.required ? question.label : `${question.label} (optional)`}
      aria-required={question.required || undefined}
      maxLength={1000}
      rows={2}
      value={answers[question.id] ?? ''}
      errors={errors?.[answerField(question.id)]}
      onChange={(change) => {
        onChange(question.id, change.target.value);
      }}
    />
  ));
}

interface MyAnswersProps {
  event: EventView;
  /** Saves the answers: the member's own, or those of a registration's link. */
  save: (answers: QuestionAnswer[]) => Promise<unknown>;
  saving: boolean;
}

/**
 * The person's answers to the event's own questions, the required ones
 * still unanswered (a presenter registered when they confirmed was never
 * asked), and a small form to change them until the event starts: on the
 * member's card and on a registration's own link.
 */
export function MyAnswers({ event, save: send, saving }: MyAnswersProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const given = new Map((event.mine?.question_answers ?? []).map((answer) => [answer.question_id, answer.answer]));
  if (event.questions.length === 0) return null;
  // Only a required question left unanswered is worth a reminder: an optional one may stay empty.
  const unanswered = event.questions.filter((question) => question.required && !given.has(question.id));
  const changeable = !event.started;

  const edit = () => {
    setDraft(Object.fromEntries(given));
    setErrors({});
    setResult(undefined);
    setEditing(true);
  };

  const save = async (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    setErrors({});
    setResult(undefined);
    try {
      await send(answersOf(event.questions, draft));
      setEditing(false);
      setResult({ tone: 'success', text: 'Your answers are saved.' });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Your answers could not be saved. Please try again.' });
    }
  };

  return (
    <>
      <h3>Your answers</h3>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      {editing ? (
        <form className="form" noValidate onSubmit={(form) => void save(form)}>
          <QuestionFields
            questions={event.questions}
            answers={draft}
            errors={errors}
            onChange={(id, answer) => {
              setDraft((previous) => ({ ...previous, [id]: answer }));
            }}
          />
          <p className="button-row">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save my answers'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </p>
        </form>
      ) : (
        <>
          <ul>
            {event.questions.map((question) => (
              <li key={question.id}>
                {question.label}: {given.get(question.id) ?? <em>not answered yet</em>}
              </li>
            ))}
          </ul>
          {unanswered.length > 0 && (
            <p>
              Still unanswered: {unanswered.map((question) => `“${question.label}”`).join(', ')}.
              {changeable ? ' You can answer now.' : ''}
            </p>
          )}
          {changeable && (
            <p className="button-row">
              <Button variant="secondary" onClick={edit}>
                Change my answers
              </Button>
            </p>
          )}
        </>
      )}
    </>
  );
}
