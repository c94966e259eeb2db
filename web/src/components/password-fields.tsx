import { TextField } from './text-field';

interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The server's messages about the password. */
  errors?: readonly string[] | undefined;
  passwordLabel?: string;
  confirmationLabel?: string;
  /** Off where the form shows its own 'Please fill out all fields.'. */
  required?: boolean;
}

/** A new password and its confirmation, as on the register, complete-profile, reset and change-password screens. */
export function PasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  errors,
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
        errors={errors}
        value={password}
        onChange={(event) => {
          onPasswordChange(event.target.value);
        }}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required={required}
        aria-required="true"
        value={confirmation}
        onChange={(event) => {
          onConfirmationChange(event.target.value);
        }}
      />
    </>
  );
}
