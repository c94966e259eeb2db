import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/text-field';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { useRegisterAccount } from '../api/register-account';
import { PasswordFields } from '../../../components/password-fields';

export function RegisterPage() {
  const register = useRegisterAccount();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  // The address the e-mail went to: the one submitted, not the field's current value.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleRef = useFocusWhen<HTMLHeadingElement>(sentTo !== null);

  if (sentTo !== null) {
    return (
      <Page title="Verify Your Email" className="narrow" titleRef={titleRef}>
        <p>
          We sent a verification email to <strong>{sentTo}</strong>. Open the link in it to verify your address,
          then sign in.
        </p>
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
    if (register.isPending) return;
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const request = { first_name: firstName, last_name: lastName, email, password };
    register.mutate(request, {
      onSuccess: () => {
        setSentTo(request.email);
      },
    });
  };

  const fieldErrors = register.error instanceof ApiError ? register.error.fields : {};
  const error = mismatch
    ? messages.passwordsDoNotMatch
    : register.isError
      ? (refusalMessage(register.error) ?? messages.registerFailed)
      : null;

  return (
    <Page title={routes.register.title} className="narrow">
      <form className="form" onSubmit={handleSubmit}>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <TextField
          label="First Name"
          name="first-name"
          autoComplete="given-name"
          required
          errors={fieldErrors.first_name}
          value={firstName}
          onChange={(event) => {
            setFirstName(event.target.value);
          }}
        />
        <TextField
          label="Last Name"
          name="last-name"
          autoComplete="family-name"
          required
          errors={fieldErrors.last_name}
          value={lastName}
          onChange={(event) => {
            setLastName(event.target.value);
          }}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          errors={fieldErrors.email}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          errors={fieldErrors.password}
        />
        <button type="submit" className="button" disabled={register.isPending}>
          {register.isPending ? 'Signing Up...' : 'Sign Up'}
        </button>
      </form>
      <p>
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
    </Page>
  );
}
