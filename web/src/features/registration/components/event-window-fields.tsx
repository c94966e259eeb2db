import { DateTimeField, TextField } from '../../../components/field';
import type { FieldErrors } from '../../../lib/api-client';

interface EventWindowFieldsProps {
  opensAt: string;
  closesAt: string;
  errors: FieldErrors;
  onChange: (name: 'opens_at' | 'closes_at') => (event: { target: { value: string } }) => void;
}

/** The window's two ends, each with its label and what an empty one means. */
const WINDOW = [
  { name: 'opens_at', label: 'Registration opens (optional)', hint: 'Pacific time. Empty: open now.' },
  { name: 'closes_at', label: 'Registration closes (optional)', hint: 'Pacific time. Empty: when the event starts.' },
] as const;

/** An event's registration window, as opening registration and changing it later both ask for it. */
export function EventWindowFields({ opensAt, closesAt, errors, onChange }: EventWindowFieldsProps) {
  const values = { opens_at: opensAt, closes_at: closesAt };
  return (
    <>
      {WINDOW.map(({ name, label, hint }) => (
        <DateTimeField
          key={name}
          label={label}
          name={name}
          hint={hint}
          value={values[name]}
          errors={errors[name]}
          onChange={onChange(name)}
        />
      ))}
    </>
  );
}

interface EventStartAndPlaceProps {
  startsAt: string;
  place: string;
  /** What the start's hint adds after "Pacific time." for this form. */
  startsHint: string;
  placeLabel: string;
  placeHint?: string;
  errors: FieldErrors;
  onChange: (name: 'starts_at' | 'place') => (event: { target: { value: string } }) => void;
}

/** An event's start and place, as opening registration and changing it later both ask for them. */
export function EventStartAndPlaceFields(props: EventStartAndPlaceProps) {
  const { startsAt, place, startsHint, placeLabel, placeHint, errors, onChange } = props;
  return (
    <>
      <DateTimeField
        label="Starts"
        name="starts_at"
        hint={`Pacific time. ${startsHint}`}
        value={startsAt}
        errors={errors.starts_at}
        onChange={onChange('starts_at')}
      />
      <TextField
        label={placeLabel}
        name="place"
        hint={placeHint}
        maxLength={200}
        value={place}
        errors={errors.place}
        onChange={onChange('place')}
      />
    </>
  );
}
