import { useState } from 'react';
import { Link } from 'react-router';

import { EmailField, NameFields } from '../../../components/account-fields';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PasswordFields, passwordMismatch } from '../../../components/password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useRegisterAccount } from '../api/register-account';
import { GoToLogin } from './go-to-login';

export function RegisterPage() {
  // The address the e-mail went to: the one submitted, not the field's current value.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleRef = useFocusWhen<HTMLHeadingElement>(sentTo !== null);
  const form = useForm(useRegisterAccount(), {
    initial: { firstName: '', lastName: '', email: '', password: '', confirmation: '' },
    check: passwordMismatch,
    request: ({ firstName, lastName, email, password }) => ({
      first_name: firstName,
      last_name: lastName,
      email,
      password,
    }),
    failure: (error) => refusalMessage(error) ?? messages.registerFailed,
    onSent: (_answer, { email }) => {
      setSentTo(email);
    },
  });

  if (sentTo !== null) {
    return (
      <Page title="Verify Your Email" className="narrow" titleRef={titleRef}>
        <p>
          We sent a verification email to <strong>{sentTo}</strong>. Open the link in it to verify your address,
          then sign in.
        </p>
        <GoToLogin />
      </Page>
    );
  }

  return (
    <Page title={routes.register.title} className="narrow">
      <form className="form" onSubmit={form.handleSubmit}>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <NameFields
          firstName={form.field('firstName', 'first_name')}
          lastName={form.field('lastName', 'last_name')}
          inputProps={{ required: true }}
        />
        <EmailField {...form.field('email', 'email')} />
        <PasswordFields password={form.field('password', 'password')} confirmation={form.field('confirmation')} />
        <SubmitButton busy={form.busy} busyLabel="Signing Up...">
          Sign Up
        </SubmitButton>
      </form>
      <p>
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
    </Page>
  );
}
