import { useEffect, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { CheckboxField, FieldGroup, NumberField, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { useCreateEvent, type AdminEvent, type NewEvent, type QuestionText } from '../api/events';
import { detailsOf } from './event-details-form';
import { MAX_QUESTIONS } from './event-questions';
import { EventStartAndPlaceFields, EventWindowFields } from './event-window-fields';
import { PlacesField } from './event-registrations';

export interface Values {
  title: string;
  slug: string;
  starts_at: string;
  place: string;
  opens_at: string;
  closes_at: string;
  capacity: string;
  offer_hours: string;
  /** The event's own questions; a row left empty is not asked. */
  questions: QuestionText[];
}

const EMPTY: Values = {
  title: '',
  slug: '',
  starts_at: '',
  place: '',
  opens_at: '',
  closes_at: '',
  capacity: '',
  offer_hours: '48',
  questions: [],
};

/** An address from a title: "SCULC 2027" -> "sculc-2027". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The event as the API takes it, or the fields the form can tell are wrong (the server checks the rest). */
export function newEventOf(values: Values): { event: NewEvent } | { fields: FieldErrors } {
  // The name, start, place and window are checked as a change of them is.
  const timed = detailsOf(values);
  const fields: Record<string, readonly string[]> = 'fields' in timed ? { ...timed.fields } : {};
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : undefined);
  const capacity = whole(values.capacity);
  const offerHours = whole(values.offer_hours);
  if (capacity === undefined) fields.capacity = ['Enter a number of places, such as 120.'];
  if (offerHours === undefined) fields.offer_hours = ['Enter a number of hours, such as 48.'];
  if ('fields' in timed || capacity === undefined || offerHours === undefined) return { fields };
  return {
    event: {
      ...timed.details,
      slug: values.slug.trim(),
      capacity,
      offer_hours: offerHours,
      questions: values.questions
        .map((question) => ({ label: question.label.trim(), required: question.required }))
        .filter((question) => question.label !== ''),
    },
  };
}

interface NewEventFormProps {
  /** What the form starts from: the edition's or session's name, address, start and place. */
  initial?: Partial<Values>;
  onCreated: (event: AdminEvent) => void;
  onCancel: () => void;
}

/**
 * Opens registration for an event: its name and address, when it starts,
 * the registration window (empty: from now until it starts), the places in
 * person and how long an offered place is kept. The messages stand at their
 * fields and focus moves to the first.
 */
export function NewEventForm({ initial, onCreated, onCancel }: NewEventFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...initial }));
  // An address that came with the edition stays as it is when the name changes.
  const [slugEdited, setSlugEdited] = useState(Boolean(initial?.slug));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const create = useCreateEvent();
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => titleRef.current?.focus(), []);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  const setQuestion = (index: number, change: Partial<QuestionText>) => {
    setValues((previous) => ({
      ...previous,
      questions: previous.questions.map((question, at) => (at === index ? { ...question, ...change } : question)),
    }));
  };

  const set = (name: Exclude<keyof Values, 'questions'>) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((previous) => ({ ...previous, [name]: value }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(undefined);
    const parsed = newEventOf(values);
    if ('fields' in parsed) {
      setMessage('Please correct the fields marked below.');
      setFieldErrors(parsed.fields);
      return;
    }
    try {
      onCreated(await create.mutateAsync(parsed.event));
    } catch (error) {
      setMessage(refusalMessage(error) ?? 'Failed to open registration. Please try again.');
      setFieldErrors(error instanceof ApiError ? error.fields : {});
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <TextField
        ref={titleRef}
        label="Event"
        name="title"
        hint="As members will read it."
        maxLength={200}
        value={values.title}
        errors={fieldErrors.title}
        onChange={(event) => {
          const title = event.target.value;
          setValues((previous) => ({ ...previous, title, slug: slugEdited ? previous.slug : slugOf(title) }));
        }}
      />
      <TextField
        label="Address"
        name="slug"
        hint="Lowercase letters, digits and hyphens: where its page is, /events/ and this address."
        maxLength={60}
        value={values.slug}
        errors={fieldErrors.slug}
        onChange={(event) => {
          setSlugEdited(true);
          set('slug')(event);
        }}
      />
      <EventStartAndPlaceFields
        startsAt={values.starts_at}
        place={values.place}
        startsHint="Registrations can be cancelled until then."
        placeLabel="Place (optional)"
        placeHint="Where it takes place, as its calendar entry and e-mails say it."
        errors={fieldErrors}
        onChange={set}
      />
      <EventWindowFields opensAt={values.opens_at} closesAt={values.closes_at} errors={fieldErrors} onChange={set} />
      <PlacesField
        hint="Virtual places are not limited. Presenters who confirm count toward these."
        value={values.capacity}
        errors={fieldErrors.capacity}
        onChange={set('capacity')}
      />
      <NumberField
        label="Hours to accept an offered place"
        name="offer_hours"
        inputMode="numeric"
        min={1}
        max={336}
        hint="When a place comes free, the next on the waiting list has this long to take it."
        value={values.offer_hours}
        errors={fieldErrors.offer_hours}
        onChange={set('offer_hours')}
      />
      <FieldGroup
        legend="Questions of its own (optional)"
        hint="Asked after how people attend, lunch, and dietary and access needs; answered in free text. You can change them later."
        errors={fieldErrors.questions}
      >
        {values.questions.map((question, index) => (
          // The rows have no identity but their place (their fields are controlled, so a removal stays right).
          <div key={index} className="registration-new-event-question">
            <TextField
              label={`Question ${String(index + 1)}`}
              maxLength={200}
              value={question.label}
              errors={fieldErrors[`questions.${String(index)}.label`]}
              onChange={(event) => {
                setQuestion(index, { label: event.target.value });
              }}
            />
            <CheckboxField
              label={`An answer to question ${String(index + 1)} is required`}
              checked={question.required}
              onChange={(event) => {
                setQuestion(index, { required: event.target.checked });
              }}
            />
            <Button
              variant="quiet"
              onClick={() => {
                setValues((previous) => ({ ...previous, questions: previous.questions.filter((_, at) => at !== index) }));
              }}
            >
              Remove question {index + 1}
            </Button>
          </div>
        ))}
        {values.questions.length < MAX_QUESTIONS && (
          <Button
            variant="secondary"
            onClick={() => {
              setValues((previous) => ({ ...previous, questions: [...previous.questions, { label: '', required: false }] }));
            }}
          >
            Add a Question
          </Button>
        )}
      </FieldGroup>
      <div className="admin-form-actions">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Opening…' : 'Open Registration'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
