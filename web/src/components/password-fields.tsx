import { messages } from '../config/messages';
import type { FieldBinding } from '../hooks/use-form';
import { TextField } from './field';

interface PasswordFieldsProps {
  password: FieldBinding;
  confirmation: FieldBinding;
  passwordLabel?: string;
  confirmationLabel?: string;
  /** Off where the form shows its own 'Please fill out all fields.'. */
  required?: boolean;
}

/** The form's own check of a new password: the spec's message when the two differ. */
export function passwordMismatch({ password, confirmation }: { password?: string; confirmation?: string }) {
  return password !== confirmation ? messages.passwordsDoNotMatch : null;
}

/** A new password and its confirmation, as on the register, complete-profile, reset and change-password screens. */
export function PasswordFields({
  password,
  confirmation,
  passwordLabel = 'Password',
  confirmationLabel = 'Confirm Password',
  required = true,
}: PasswordFieldsProps) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        required={required}
        aria-required="true"
        hint="At least 8 characters."
        {...password}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required={required}
        aria-required="true"
        {...confirmation}
      />
    </>
  );
}
