import { useState, type SubmitEvent } from 'react';

import { Button, FormActions } from '../../../components/button';
import { CheckboxField, DateTimeField, NumberField, SelectField, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { fromPacificInput, toPacificInput } from '../../../lib/pacific-time';
import type { ProgramSession, SessionInput, SessionKind } from '../api/program';

const KINDS: readonly { value: SessionKind; label: string }[] = [
  { value: 'talks', label: 'Talks' },
  { value: 'posters', label: 'Posters' },
  { value: 'break', label: 'Break' },
  { value: 'keynote', label: 'Keynote' },
];

export const VIRTUAL_ROOM = 'Virtual';
/** The server's defaults: a 15-minute talk, then 5 minutes of questions. */
const DEFAULT_TALK_MINUTES = 15;
const DEFAULT_QUESTION_MINUTES = 5;

/** A whole number of minutes typed in a field; undefined when it is none (the server checks the range). */
function wholeMinutes(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : undefined;
}

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
  const [talkMinutes, setTalkMinutes] = useState(String(session?.talk_minutes ?? DEFAULT_TALK_MINUTES));
  const [questionMinutes, setQuestionMinutes] = useState(String(session?.question_minutes ?? DEFAULT_QUESTION_MINUTES));
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
    const talk = wholeMinutes(talkMinutes);
    const questions = wholeMinutes(questionMinutes);
    if (kind === 'talks' && talk === undefined) local.talk_minutes = ['Enter how many minutes each talk lasts.'];
    if (kind === 'talks' && questions === undefined)
      local.question_minutes = ['Enter how many minutes of questions follow each talk.'];
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
        // Only talks sessions use them; the others keep what they had.
        talk_minutes: talk ?? session?.talk_minutes ?? DEFAULT_TALK_MINUTES,
        question_minutes: questions ?? session?.question_minutes ?? DEFAULT_QUESTION_MINUTES,
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
      {kind === 'talks' && (
        <>
          <NumberField
            label="Each talk (minutes)"
            hint="Talks follow one another from the session's start."
            inputMode="numeric"
            min={1}
            max={240}
            value={talkMinutes}
            errors={errors.talk_minutes}
            onChange={(e) => { setTalkMinutes(e.target.value); }}
          />
          <NumberField
            label="Questions after each talk (minutes)"
            inputMode="numeric"
            min={0}
            max={60}
            value={questionMinutes}
            errors={errors.question_minutes}
            onChange={(e) => { setQuestionMinutes(e.target.value); }}
          />
        </>
      )}
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
      <FormActions className="button-row" onCancel={onCancel}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
