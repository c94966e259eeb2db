import { useEffect, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { DateTimeField, FieldGroup, NumberField, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { fromPacificInput, toPacificInput, weekdayOf } from '../../../lib/pacific-time';
import { askingIfTheCallIsOver } from '../api/call-over';
import { useCreateEdition, type NewEdition } from '../api/create-edition';
import type { AdminEdition } from '../api/types';

/** The dates of the guided form, in the order the year runs (and the server checks them). */
const TIMES = [
  ['call_opens_at', 'Call opens'],
  ['call_closes_at', 'Call closes'],
  ['review_deadline', 'Reviews due'],
  ['decisions_at', 'Decisions sent'],
  ['confirm_attendance_by', 'Presenters confirm by'],
  ['final_materials_by', 'Final materials by'],
] as const;

type TimeField = (typeof TIMES)[number][0];

interface Values {
  year: string;
  conference_on: string;
  times: Record<TimeField, string>;
  confirmation_form_url: string;
}

function valuesOf(proposal: AdminEdition): Values {
  const times = Object.fromEntries(TIMES.map(([name]) => [name, toPacificInput(proposal[name])])) as Record<
    TimeField,
    string
  >;
  return {
    year: String(proposal.year),
    conference_on: proposal.conference_on ?? '',
    times,
    confirmation_form_url: proposal.confirmation_form_url ?? '',
  };
}

/** The edition as the API takes it, or the fields that cannot be read; the order of the dates is the server's to check. */
export function newEditionOf(values: Values): { edition: NewEdition } | { fields: FieldErrors } {
  const fields: Record<string, string[]> = {};
  const year = Number(values.year);
  if (!Number.isInteger(year) || !values.year.trim()) fields.year = ['Enter a year such as 2026.'];
  if (values.conference_on && !weekdayOf(values.conference_on)) fields.conference_on = ['Enter a date.'];
  const edition: NewEdition = {
    year,
    conference_on: values.conference_on,
    confirmation_form_url: values.confirmation_form_url.trim(),
  };
  for (const [name] of TIMES) {
    const time = fromPacificInput(values.times[name]);
    if (time === undefined) fields[name] = ['Enter a date and time.'];
    else edition[name] = time ?? '';
  }
  return Object.keys(fields).length > 0 ? { fields } : { edition };
}

/** "This date has passed." for a date or time before now (a warning beside the field; the server refuses a call already over). */
export function pastNote(value: string, now = Date.now()): string | undefined {
  const at = value.length === 10 ? fromPacificInput(`${value}T23:59`) : fromPacificInput(value);
  return at && Date.parse(at) < now ? 'This date has already passed.' : undefined;
}

interface NewEditionFormProps {
  /** What the server proposes: the newest edition's dates a year on. */
  proposal: AdminEdition;
  /** The edition the proposal copies. */
  copiedFrom: number;
  onCreated: (edition: AdminEdition) => void;
  onCancel: () => void;
}

/**
 * The guided form for next year's edition: the day (its weekday beside
 * it), the call window and each deadline, prefilled a year on from the
 * newest edition. The server checks their order and answers by field;
 * the messages stand at their fields and focus moves to the first.
 */
export function NewEditionForm({ proposal, copiedFrom, onCreated, onCancel }: NewEditionFormProps) {
  const [values, setValues] = useState(() => valuesOf(proposal));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const create = useCreateEdition();
  const confirm = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);
  const yearRef = useRef<HTMLInputElement>(null);

  useEffect(() => yearRef.current?.focus(), []);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  const weekday = weekdayOf(values.conference_on);
  const linkMoved =
    proposal.confirmation_form_url && values.confirmation_form_url === proposal.confirmation_form_url
      ? `Moved from the link of SCULC ${String(copiedFrom)}: check that this form exists.`
      : undefined;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(undefined);
    const parsed = newEditionOf(values);
    if ('fields' in parsed) {
      setMessage('Please correct the fields marked below.');
      setFieldErrors(parsed.fields);
      return;
    }
    try {
      const created = await askingIfTheCallIsOver(
        (confirmed) => create.mutateAsync({ ...parsed.edition, call_over_confirmed: confirmed }),
        (reason) =>
          confirm({
            title: `Create SCULC ${values.year} anyway?`,
            message: reason,
            confirmLabel: `Create SCULC ${values.year} anyway`,
          }),
      );
      if (created) onCreated(created);
    } catch (error) {
      setMessage(refusalMessage(error) ?? 'Failed to create the edition. Please try again.');
      setFieldErrors(error instanceof ApiError ? error.fields : {});
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <NumberField
        ref={yearRef}
        label="Year"
        inputMode="numeric"
        name="year"
        value={values.year}
        errors={fieldErrors.year}
        onChange={(event) => {
          const year = event.target.value;
          setValues((previous) => ({ ...previous, year }));
        }}
      />
      <DateTimeField
        type="date"
        label="Conference day"
        name="conference_on"
        hint={[weekday || 'The day of the conference, in Pacific time.', pastNote(values.conference_on)]
          .filter(Boolean)
          .join(' ')}
        value={values.conference_on}
        errors={fieldErrors.conference_on}
        onChange={(event) => {
          const day = event.target.value;
          setValues((previous) => ({ ...previous, conference_on: day }));
        }}
      />
      <FieldGroup legend="Dates, in the order the year runs (Pacific time)" hint="Each must come after the one before it; final materials are due on the conference day at the latest.">
        {TIMES.map(([name, label]) => (
          <DateTimeField
            key={name}
            label={label}
            name={name}
            hint={pastNote(values.times[name])}
            value={values.times[name]}
            errors={fieldErrors[name]}
            onChange={(event) => {
              const time = event.target.value;
              setValues((previous) => ({ ...previous, times: { ...previous.times, [name]: time } }));
            }}
          />
        ))}
      </FieldGroup>
      <TextField
        label="Confirmation form URL"
        type="url"
        name="confirmation_form_url"
        hint={linkMoved ?? 'Only used when presenters confirm through an external form; may be empty.'}
        value={values.confirmation_form_url}
        errors={fieldErrors.confirmation_form_url}
        onChange={(event) => {
          const link = event.target.value;
          setValues((previous) => ({ ...previous, confirmation_form_url: link }));
        }}
      />
      <div className="admin-form-actions">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : `Create SCULC ${values.year}`}
        </Button>
        <Button variant="secondary" type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
