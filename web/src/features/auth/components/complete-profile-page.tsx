import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { NameFields } from '../../../components/account-fields';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PasswordFields, passwordMismatch } from '../../../components/password-fields';
import { SubmitButton } from '../../../components/submit-button';
import { messages, noticeMessages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import { ApiError } from '../../../lib/api-client';
import { readRedirectState } from '../../../lib/redirect-state';
import { useSession } from '../api/get-session';
import { useCompleteProfile } from '../api/complete-profile';

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
  const passedMessage =
    readRedirectState(location.state).message ?? noticeMessages[searchParams.get('notice') ?? ''];
  const form = useForm(useCompleteProfile(), {
    initial: { firstName: user?.first_name ?? '', lastName: user?.last_name ?? '', password: '', confirmation: '' },
    check: (values) => {
      const { firstName, lastName, password, confirmation } = values;
      const filled = needsPassword ? [firstName, lastName, password, confirmation] : [firstName, lastName];
      if (!filled.every((value) => value.trim())) return messages.fillOutAllFields;
      return needsPassword ? passwordMismatch(values) : null;
    },
    request: ({ firstName, lastName, password }) => ({
      first_name: firstName,
      last_name: lastName,
      ...(needsPassword ? { password } : {}),
    }),
    // A refusal with field messages says which fields; anything else gets the spec's failure message.
    failure: (error) =>
      error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.message : messages.profileUpdateFailed,
    onSent: () => navigate(paths.home),
  });

  return (
    <Page title={routes.completeProfile.title} className="narrow">
      {passedMessage && !form.error && <FormMessage tone="info">{passedMessage}</FormMessage>}
      {/* noValidate: empty fields get the spec's 'Please fill out all fields.', not the browser's bubble. */}
      <form className="form" noValidate onSubmit={form.handleSubmit}>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <NameFields
          firstName={form.field('firstName', 'first_name')}
          lastName={form.field('lastName', 'last_name')}
          inputProps={{ 'aria-required': 'true' }}
        />
        {needsPassword && (
          <PasswordFields
            password={form.field('password', 'password')}
            confirmation={form.field('confirmation')}
            required={false}
          />
        )}
        <SubmitButton busy={form.busy} busyLabel="Updating...">
          Update Profile
        </SubmitButton>
      </form>
    </Page>
  );
}
