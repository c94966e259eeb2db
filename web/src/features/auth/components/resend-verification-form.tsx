import { useState, type SubmitEvent } from 'react';

import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { refusalMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** Asks for a new verification e-mail when a link has expired or was used. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const [email, setEmail] = useState('');

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resend.isPending) return;
    resend.mutate({ email });
  };

  return (
    <form className="form" onSubmit={handleSubmit}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
      />
      <button type="submit" className="button" disabled={resend.isPending}>
        Resend verification email
      </button>
      {resend.isSuccess && <FormMessage tone="success">{resend.data.message}</FormMessage>}
      {resend.isError && (
        <FormMessage tone="error">
          {refusalMessage(resend.error) ?? 'Failed to resend the verification email. Please try again.'}
        </FormMessage>
      )}
    </form>
  );
}
