import type { InputHTMLAttributes } from 'react';

import type { FieldBinding } from '../hooks/use-form';
import { TextField } from './field';

/** An account's e-mail address, as typed to sign in, sign up or ask for a link. */
export function EmailField(props: FieldBinding) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" required {...props} />;
}

interface NameFieldsProps {
  firstName: FieldBinding;
  lastName: FieldBinding;
  /** What both inputs also carry: `required`, or `aria-required` where the form checks for itself. */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { 'aria-required'?: 'true' };
}

/** A person's first and last name, as on the register, complete-profile and edit-profile screens. */
export function NameFields({ firstName, lastName, inputProps }: NameFieldsProps) {
  return (
    <>
      <TextField label="First Name" name="first-name" autoComplete="given-name" {...inputProps} {...firstName} />
      <TextField label="Last Name" name="last-name" autoComplete="family-name" {...inputProps} {...lastName} />
    </>
  );
}
