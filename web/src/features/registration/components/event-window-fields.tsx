import { DateTimeField } from '../../../components/field';
import type { FieldErrors } from '../../../lib/api-client';

interface EventWindowFieldsProps {
  opensAt: string;
  closesAt: string;
  errors: FieldErrors;
  onChange: (name: 'opens_at' | 'closes_at') => (event: { target: { value: string } }) => void;
}

/** An event's registration window, as opening registration and changing it later both ask for it. */
export function EventWindowFields({ opensAt, closesAt, errors, onChange }: EventWindowFieldsProps) {
  return (
    <>
      <DateTimeField
        label="Registration opens (optional)"
        name="opens_at"
        hint="Pacific time. Empty: open now."
        value={opensAt}
        errors={errors.opens_at}
        onChange={onChange('opens_at')}
      />
      <DateTimeField
        label="Registration closes (optional)"
        name="closes_at"
        hint="Pacific time. Empty: when the event starts."
        value={closesAt}
        errors={errors.closes_at}
        onChange={onChange('closes_at')}
      />
    </>
  );
}
