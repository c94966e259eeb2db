import { Link, useSearchParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PasswordFields, passwordMismatch } from '../../../components/password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { tokenProblem, type TokenProblem } from './token-problem';
import { GoToLogin } from './go-to-login';

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
  const form = useForm(reset, {
    initial: { password: '', confirmation: '' },
    check: passwordMismatch,
    request: ({ password }) => ({ token, password }),
    failure: (error) => refusalMessage(error) ?? 'Failed to set the new password. Please try again.',
  });

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
        <GoToLogin />
      </Page>
    );
  }

  return (
    <Page title={routes.resetPassword.title} className="narrow">
      <form className="form" onSubmit={form.handleSubmit}>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <PasswordFields
          password={form.field('password', 'password')}
          confirmation={form.field('confirmation')}
          passwordLabel="New Password"
          confirmationLabel="Confirm New Password"
        />
        <SubmitButton busy={form.busy} busyLabel="Setting Password...">
          Set New Password
        </SubmitButton>
      </form>
    </Page>
  );
}
