import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { fromPacificInput, toPacificInput } from '../../../lib/pacific-time';
import type { Notice } from '../../admin';
import { useChangeEventDetails, type AdminEvent, type EventDetails } from '../api/events';
import { EventStartAndPlaceFields, EventWindowFields } from './event-window-fields';

interface Values {
  title: string;
  starts_at: string;
  place: string;
  opens_at: string;
  closes_at: string;
}

function valuesOf(event: AdminEvent): Values {
  return {
    title: event.title,
    starts_at: toPacificInput(event.starts_at),
    place: event.place,
    opens_at: toPacificInput(event.opens_at),
    closes_at: toPacificInput(event.closes_at),
  };
}

/** The details as the API takes them, or the fields the form can tell are wrong (the server checks the rest). */
export function detailsOf(values: Values): { details: EventDetails } | { fields: FieldErrors } {
  const fields: Record<string, string[]> = {};
  const startsAt = fromPacificInput(values.starts_at);
  if (!startsAt) fields.starts_at = ['Enter the date and time the event starts.'];
  const opensAt = fromPacificInput(values.opens_at);
  if (opensAt === undefined) fields.opens_at = ['Enter a date and time, or leave it empty.'];
  const closesAt = fromPacificInput(values.closes_at);
  if (closesAt === undefined) fields.closes_at = ['Enter a date and time, or leave it empty.'];
  if (Object.keys(fields).length > 0 || !startsAt) return { fields };
  return {
    details: {
      title: values.title.trim(),
      starts_at: startsAt,
      place: values.place.trim(),
      opens_at: opensAt ?? null,
      closes_at: closesAt ?? null,
    },
  };
}

/** The people a new date or place is e-mailed to: registered, offered a place or waiting. */
function told(event: AdminEvent): number {
  return event.registrations.filter((r) => r.state === 'registered' || r.state === 'offered' || r.state === 'waiting')
    .length;
}

/**
 * An open event's name, start, place and registration window, changed in
 * one form with one Save. A new start or place is e-mailed by the server to
 * everyone registered or waiting, with the new calendar entry; the notice
 * says how many.
 */
export function EventDetailsForm({ event, onNotice }: { event: AdminEvent; onNotice: (notice: Notice) => void }) {
  const [values, setValues] = useState(() => valuesOf(event));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const change = useChangeEventDetails();

  const set = (name: keyof Values) => (input: { target: { value: string } }) => {
    const value = input.target.value;
    setValues((previous) => ({ ...previous, [name]: value }));
  };

  const submit = async (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    setFieldErrors({});
    const parsed = detailsOf(values);
    if ('fields' in parsed) {
      setFieldErrors(parsed.fields);
      onNotice({ tone: 'error', text: 'Please correct the fields marked below.' });
      return;
    }
    const moved =
      Date.parse(parsed.details.starts_at) !== Date.parse(event.starts_at) || parsed.details.place !== event.place;
    try {
      const saved = await change.mutateAsync({ slug: event.slug, details: parsed.details });
      setValues(valuesOf(saved));
      const people = told(saved);
      const mailed =
        moved && people > 0
          ? ` The new date and place were e-mailed, with the calendar entry, to the ${String(people)} ${people === 1 ? 'person' : 'people'} registered or waiting.`
          : '';
      onNotice({ tone: 'success', text: `The details of ${saved.title} were saved.${mailed}` });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the details. Please try again.' });
    }
  };

  return (
    <form className="form" noValidate aria-label="Name, date and place" onSubmit={(form) => void submit(form)}>
      <h3>Name, date and place</h3>
      <TextField label="Event" name="title" maxLength={200} value={values.title} errors={fieldErrors.title} onChange={set('title')} />
      <EventStartAndPlaceFields
        startsAt={values.starts_at}
        place={values.place}
        startsHint="A new date or place is e-mailed to everyone registered or waiting."
        placeLabel="Place"
        errors={fieldErrors}
        onChange={set}
      />
      <EventWindowFields opensAt={values.opens_at} closesAt={values.closes_at} errors={fieldErrors} onChange={set} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Save the details'}
      </Button>
    </form>
  );
}
