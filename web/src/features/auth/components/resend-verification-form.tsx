import { EmailField } from '../../../components/account-fields';
import { FormMessage } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** Asks for a new verification e-mail when a link has expired or was used. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm(resend, {
    initial: { email: '' },
    request: (values) => values,
    failure: (error) => refusalMessage(error) ?? 'Failed to resend the verification email. Please try again.',
  });

  return (
    <form className="form" onSubmit={form.handleSubmit}>
      <EmailField {...form.field('email')} />
      <SubmitButton busy={form.busy}>Resend verification email</SubmitButton>
      {resend.isSuccess && <FormMessage tone="success">{resend.data.message}</FormMessage>}
      {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
    </form>
  );
}
