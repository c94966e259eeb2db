import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/text-field';
import { paths, routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate({ email });
  };

  if (request.isSuccess) {
    // The same answer for every address, so the page reveals no accounts either.
    return (
      <Page title={routes.forgotPassword.title} className="narrow">
        <FormMessage tone="success">{request.data.message}</FormMessage>
        <p>
          <Link to={paths.login}>Go to Login Page</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={routes.forgotPassword.title} className="narrow">
      <p>Enter the email address of your account and we will send you a link to set a new password.</p>
      <form className="form" onSubmit={handleSubmit}>
        {request.isError && (
          <FormMessage tone="error">
            {refusalMessage(request.error) ?? 'Failed to send the reset link. Please try again.'}
          </FormMessage>
        )}
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
        <button type="submit" className="button" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <p>
        <Link to={paths.login}>Back to Sign In</Link>
      </p>
    </Page>
  );
}
