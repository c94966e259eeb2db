import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { CheckboxField, DateTimeField, SelectField, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import type { ProgramSession, SessionInput, SessionKind } from '../api/program';
import { fromPacificInput, toPacificInput } from '../pacific-time';

const KINDS: readonly { value: SessionKind; label: string }[] = [
  { value: 'talks', label: 'Talks' },
  { value: 'posters', label: 'Posters' },
  { value: 'break', label: 'Break' },
  { value: 'keynote', label: 'Keynote' },
];

export const VIRTUAL_ROOM = 'Virtual';

interface SessionFormProps {
  /** The session being changed; none for a new one. */
  session?: ProgramSession;
  /** The day new sessions start on (YYYY-MM-DD, Pacific). */
  defaultDate: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: SessionInput) => Promise<void>;
  onCancel?: () => void;
}

/** A session's kind, title, times (Pacific) and room or "Virtual". */
export function SessionForm({ session, defaultDate, submitLabel, busy, onSubmit, onCancel }: SessionFormProps) {
  const starts = toPacificInput(session?.starts_at);
  const [kind, setKind] = useState<SessionKind>(session?.kind ?? 'talks');
  const [title, setTitle] = useState(session?.title ?? '');
  const [date, setDate] = useState(starts ? starts.slice(0, 10) : defaultDate);
  const [start, setStart] = useState(starts.slice(11, 16));
  const [end, setEnd] = useState(toPacificInput(session?.ends_at).slice(11, 16));
  const [isVirtual, setVirtual] = useState(session?.room === VIRTUAL_ROOM);
  const [room, setRoom] = useState(session?.room === VIRTUAL_ROOM ? '' : (session?.room ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(undefined);
    const startsAt = fromPacificInput(`${date}T${start}`);
    const endsAt = fromPacificInput(`${date}T${end}`);
    const local: Record<string, string[]> = {};
    if (!startsAt) local.starts_at = ['Enter the date and the start time.'];
    if (!endsAt) local.ends_at = ['Enter the end time.'];
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setErrors({});
    try {
      await onSubmit({
        kind,
        title,
        starts_at: startsAt ?? '',
        ends_at: endsAt ?? '',
        room: isVirtual ? VIRTUAL_ROOM : room,
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setMessage(refusalMessage(error) ?? 'Failed to save the session. Please try again.');
      return;
    }
    if (!session) {
      setTitle('');
      setStart(end);
      setEnd('');
    }
  };

  return (
    <form className="form session-form" noValidate onSubmit={(event) => void submit(event)}>
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <SelectField
        label="Kind"
        value={kind}
        errors={errors.kind}
        onChange={(event) => {
          setKind(event.target.value as SessionKind);
        }}
      >
        {KINDS.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField label="Title" value={title} maxLength={200} onChange={(e) => { setTitle(e.target.value); }} errors={errors.title} />
      <DateTimeField label="Date" type="date" value={date} onChange={(e) => { setDate(e.target.value); }} />
      <DateTimeField
        label="Starts (Pacific time)"
        type="time"
        value={start}
        onChange={(e) => { setStart(e.target.value); }}
        errors={errors.starts_at}
      />
      <DateTimeField
        label="Ends (Pacific time)"
        type="time"
        value={end}
        onChange={(e) => { setEnd(e.target.value); }}
        errors={errors.ends_at}
      />
      <CheckboxField
        label="Virtual (video call)"
        checked={isVirtual}
        onChange={(e) => {
          setVirtual(e.target.checked);
        }}
      />
      {!isVirtual && (
        <TextField label="Room" value={room} maxLength={100} onChange={(e) => { setRoom(e.target.value); }} errors={errors.room} />
      )}
      <div className="button-row">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
