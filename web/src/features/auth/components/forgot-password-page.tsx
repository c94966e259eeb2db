import { Link } from 'react-router';

import { EmailField } from '../../../components/account-fields';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { SubmitButton } from '../../../components/submit-button';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm(request, {
    initial: { email: '' },
    request: (values) => values,
    failure: (error) => refusalMessage(error) ?? 'Failed to send the reset link. Please try again.',
  });

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
      <form className="form" onSubmit={form.handleSubmit}>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <EmailField {...form.field('email')} />
        <SubmitButton busy={form.busy} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
      <p>
        <Link to={paths.login}>Back to Sign In</Link>
      </p>
    </Page>
  );
}
