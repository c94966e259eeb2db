import { useRef, useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/text-field';
import { messages, noticeMessages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { readRedirectState } from '../../../lib/redirect-state';
import { useSession } from '../api/get-session';
import { useCompleteProfile } from '../api/complete-profile';
import { PasswordFields } from '../../../components/password-fields';

/**
 * Names and a password for an account that lacks them (a new Google
 * identity, or an account sent here by the protected routes). An account
 * that has a password already (one whose address its owner took back with a
 * reset link) completes only its names: its password changes only on
 * /change-password, with the current one. Rendered inside ProtectedRoute,
 * so the session is known by now.
 */
export function CompleteProfilePage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const needsPassword = !user?.has_password;
  const completeProfile = useCompleteProfile();
  const passedMessage =
    readRedirectState(location.state).message ?? noticeMessages[searchParams.get('notice') ?? ''];

  const [firstName, setFirstName] = useState(() => user?.first_name ?? '');
  const [lastName, setLastName] = useState(() => user?.last_name ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // isPending only updates on the next render; two submits in one tick (a
  // double click, Enter pressed twice) would both get through without this.
  const saving = useRef(false);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    const filled = needsPassword ? [firstName, lastName, password, confirmation] : [firstName, lastName];
    if (!filled.every((value) => value.trim())) {
      setFormError(messages.fillOutAllFields);
      return;
    }
    if (needsPassword && password !== confirmation) {
      setFormError(messages.passwordsDoNotMatch);
      return;
    }
    setFormError(null);
    saving.current = true;
    try {
      await completeProfile.mutateAsync({
        first_name: firstName,
        last_name: lastName,
        ...(needsPassword ? { password } : {}),
      });
      await navigate(paths.home);
    } catch {
      // Shown from completeProfile.error below.
    } finally {
      saving.current = false;
    }
  };

  const serverError = completeProfile.error instanceof ApiError ? completeProfile.error : null;
  const fieldErrors = serverError?.fields ?? {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const error =
    formError ??
    (completeProfile.isError
      ? hasFieldErrors && serverError
        ? serverError.message
        : messages.profileUpdateFailed
      : null);

  return (
    <Page title={routes.completeProfile.title} className="narrow">
      {passedMessage && !error && <FormMessage tone="info">{passedMessage}</FormMessage>}
      {/* noValidate: empty fields get the spec's 'Please fill out all fields.', not the browser's bubble. */}
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <TextField
          label="First Name"
          name="first-name"
          autoComplete="given-name"
          aria-required="true"
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
          aria-required="true"
          errors={fieldErrors.last_name}
          value={lastName}
          onChange={(event) => {
            setLastName(event.target.value);
          }}
        />
        {needsPassword && (
          <PasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            errors={fieldErrors.password}
            required={false}
          />
        )}
        <button type="submit" className="button" disabled={completeProfile.isPending}>
          {completeProfile.isPending ? 'Updating...' : 'Update Profile'}
        </button>
      </form>
    </Page>
  );
}
