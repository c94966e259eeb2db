import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { PasswordFields } from '../../../components/password-fields';
import { tokenProblem, type TokenProblem } from './token-problem';

const problemText: Record<TokenProblem, string> = {
  expired: 'This password reset link has expired.',
  used: 'This password reset link has already been used.',
  replaced: 'A newer password reset link has been sent. Please use the link in the latest email.',
  invalid: 'This password reset link is not valid.',
};

function RequestNewLink() {
  return (
    <p>
      <Link to={paths.forgotPassword}>Request a new reset link</Link>
    </p>
  );
}

/** The page the reset e-mail links to: /reset-password?token=… */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const problem = token ? tokenProblem(reset.error) : 'invalid';
  if (problem) {
    return (
      <Page title={routes.resetPassword.title} className="narrow">
        <FormMessage tone="error">{problemText[problem]}</FormMessage>
        <RequestNewLink />
      </Page>
    );
  }

  if (reset.isSuccess) {
    return (
      <Page title={routes.resetPassword.title} className="narrow">
        <FormMessage tone="success">{reset.data.message}</FormMessage>
        <p>
          <Link to={paths.login} className="button">
            Go to Login Page
          </Link>
        </p>
      </Page>
    );
  }

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ token, password });
  };

  const fieldErrors = reset.error instanceof ApiError ? reset.error.fields : {};
  const error = mismatch
    ? messages.passwordsDoNotMatch
    : reset.isError
      ? (refusalMessage(reset.error) ?? 'Failed to set the new password. Please try again.')
      : null;

  return (
    <Page title={routes.resetPassword.title} className="narrow">
      <form className="form" onSubmit={handleSubmit}>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          errors={fieldErrors.password}
          passwordLabel="New Password"
          confirmationLabel="Confirm New Password"
        />
        <button type="submit" className="button" disabled={reset.isPending}>
          {reset.isPending ? 'Setting Password...' : 'Set New Password'}
        </button>
      </form>
    </Page>
  );
}
